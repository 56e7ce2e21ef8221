"use client"

import * as React from "react"

import { cn } from "@/lib/utils"

/**
 * True while the scroll container has columns hidden to the right of what it shows; `onScrollable` hears
 * whether the table is wider than its frame at all (it is measured again on every resize).
 */
function useMoreToTheRight(
  container: React.RefObject<HTMLDivElement | null>,
  onScrollable?: (scrollable: boolean) => void
) {
  const [more, setMore] = React.useState(false)
  const onScrollableRef = React.useRef(onScrollable)
  onScrollableRef.current = onScrollable
  React.useEffect(() => {
    const element = container.current
    if (!element) return
    // One pixel of slack: browsers round scroll positions at fractional zoom levels.
    const update = () => {
      setMore(element.scrollLeft + element.clientWidth < element.scrollWidth - 1)
      onScrollableRef.current?.(element.clientWidth < element.scrollWidth - 1)
    }
    update()
    element.addEventListener("scroll", update, { passive: true })
    const observer = new ResizeObserver(update)
    observer.observe(element)
    if (element.firstElementChild) observer.observe(element.firstElementChild)
    return () => {
      element.removeEventListener("scroll", update)
      observer.disconnect()
    }
  }, [container])
  return more
}

/**
 * docs/behaviour/screens.md#wide-tables: a table wider than its frame scrolls sideways and shows it — a shadow
 * on the right edge while columns are hidden there. With `stickyLastColumn` the last column (row actions)
 * stays in view while the rest scrolls under it.
 */
function Table({
  className,
  stickyLastColumn = false,
  onScrollableChange,
  ...props
}: React.ComponentProps<"table"> & {
  stickyLastColumn?: boolean
  /** Whether the table is wider than its frame (it scrolls sideways), measured on every resize. */
  onScrollableChange?: (scrollable: boolean) => void
}) {
  const container = React.useRef<HTMLDivElement>(null)
  const moreToTheRight = useMoreToTheRight(container, onScrollableChange)
  return (
    <div className="relative w-full">
      <div
        ref={container}
        data-slot="table-container"
        data-sticky-last={stickyLastColumn || undefined}
        data-more-right={moreToTheRight || undefined}
        className="relative w-full overflow-x-auto"
      >
        <table
          data-slot="table"
          className={cn("w-full caption-bottom text-sm", className)}
          {...props}
        />
      </div>
      {moreToTheRight && !stickyLastColumn && (
        <div
          aria-hidden
          data-slot="table-scroll-cue"
          className="pointer-events-none absolute inset-y-0 right-0 w-8 bg-gradient-to-l from-foreground/15 to-transparent"
        />
      )}
    </div>
  )
}

function TableHeader({ className, ...props }: React.ComponentProps<"thead">) {
  return (
    <thead
      data-slot="table-header"
      className={cn("[&_tr]:border-b", className)}
      {...props}
    />
  )
}

function TableBody({ className, ...props }: React.ComponentProps<"tbody">) {
  return (
    <tbody
      data-slot="table-body"
      className={cn("[&_tr:last-child]:border-0", className)}
      {...props}
    />
  )
}

function TableFooter({ className, ...props }: React.ComponentProps<"tfoot">) {
  return (
    <tfoot
      data-slot="table-footer"
      className={cn(
        "bg-muted/50 border-t font-medium [&>tr]:last:border-b-0",
        className
      )}
      {...props}
    />
  )
}

function TableRow({ className, ...props }: React.ComponentProps<"tr">) {
  return (
    <tr
      data-slot="table-row"
      className={cn(
        "hover:bg-muted/50 data-[state=selected]:bg-muted border-b transition-colors",
        className
      )}
      {...props}
    />
  )
}

function TableHead({ className, ...props }: React.ComponentProps<"th">) {
  return (
    <th
      data-slot="table-head"
      className={cn(
        "text-foreground h-10 px-2 text-left align-middle font-medium whitespace-nowrap [&:has([role=checkbox])]:pr-0 [&>[role=checkbox]]:translate-y-[2px]",
        className
      )}
      {...props}
    />
  )
}

function TableCell({ className, ...props }: React.ComponentProps<"td">) {
  return (
    <td
      data-slot="table-cell"
      className={cn(
        "p-2 align-middle whitespace-nowrap [&:has([role=checkbox])]:pr-0 [&>[role=checkbox]]:translate-y-[2px]",
        className
      )}
      {...props}
    />
  )
}

function TableCaption({
  className,
  ...props
}: React.ComponentProps<"caption">) {
  return (
    <caption
      data-slot="table-caption"
      className={cn("text-muted-foreground mt-4 text-sm", className)}
      {...props}
    />
  )
}

export {
  Table,
  TableHeader,
  TableBody,
  TableFooter,
  TableHead,
  TableRow,
  TableCell,
  TableCaption,
}
