import { ChevronDown, Info, LogOut, Menu, Monitor, Moon, Settings, Sun, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { type Theme, useTheme } from '@/app/theme';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Separator } from '@/components/ui/separator';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from '@/components/ui/sheet';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { useIsMobile } from '@/hooks/use-media-query';
import { cn } from '@/lib/utils';
import { logout, useCurrentUser, usePermissions } from '@/shared/auth/api/session';
import { noticeFromState, useFullWidthPage } from '@/shared/layout/lib/route-handle';
import { isNavLinkActive, type NavLinkItem, navLinksFor } from '../lib/nav-links';

const PRODUCT_NAME = 'Inbox Ops';

const THEME_CHOICES: { value: Theme; label: string; icon: typeof Sun }[] = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Monitor },
];

const isTheme = (value: string): value is Theme => THEME_CHOICES.some((choice) => choice.value === value);

/** Logout clears the session whatever the server answers (docs/behaviour/accounts-and-sign-in.md#logout), then the browser goes to /. */
function useLogout() {
  const navigate = useNavigate();
  return async () => {
    await logout();
    navigate('/', { replace: true });
  };
}

export function AppLayout() {
  const isMobile = useIsMobile();
  const links = navLinksFor(usePermissions());
  const width = useFullWidthPage() ? 'max-w-none' : 'max-w-7xl';

  return (
    <div className="flex min-h-svh flex-col bg-background">
      <SkipToContent />
      <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
        <div className={cn('mx-auto flex h-14 w-full items-center gap-6 px-4 sm:px-6 lg:px-8', width)}>
          <Link
            to="/home"
            className="shrink-0 rounded-md font-semibold text-lg tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            {PRODUCT_NAME}
          </Link>
          {isMobile ? (
            <div className="ml-auto">
              <MobileMenu links={links} />
            </div>
          ) : (
            <>
              <nav aria-label="Main" className="flex min-w-0 items-center gap-1">
                {links.map((link) => (
                  <HeaderLink key={link.to} link={link} />
                ))}
              </nav>
              <div className="ml-auto flex items-center gap-1">
                <ThemeMenu />
                <AccountMenu />
              </div>
            </>
          )}
        </div>
      </header>
      <main
        id={MAIN_ID}
        tabIndex={-1}
        className={cn('mx-auto w-full min-w-0 flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-8', width)}
      >
        <LayoutNoticeAlert />
        <Outlet />
      </main>
    </div>
  );
}

const MAIN_ID = 'main-content';

/**
 * The first thing Tab reaches (docs/behaviour/screens.md#layout): hidden until focused, it moves the focus past the
 * header to the page. Focus is moved by hand: a change of the URL's hash would count as a navigation (and
 * ask about unsaved input).
 */
function SkipToContent() {
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        event.preventDefault();
        const main = document.getElementById(MAIN_ID);
        main?.focus();
        main?.scrollIntoView();
      }}
      className="sr-only rounded-md bg-primary font-medium focus:px-4 focus:py-2 text-primary-foreground text-sm focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      Skip to content
    </a>
  );
}

/** A sentence handed over by the previous page (why it sent the user here), shown until the next navigation. */
function LayoutNoticeAlert() {
  const notice = noticeFromState(useLocation().state);
  if (!notice) return null;
  return (
    <Alert className="mb-6">
      <Info aria-hidden />
      <AlertDescription className="text-foreground">{notice}</AlertDescription>
    </Alert>
  );
}

function useIsActive(link: NavLinkItem): boolean {
  return isNavLinkActive(link, useLocation().pathname);
}

function HeaderLink({ link }: { link: NavLinkItem }) {
  const active = useIsActive(link);
  return (
    <Button
      asChild
      variant="ghost"
      size="sm"
      className={cn('text-muted-foreground', active && 'bg-accent text-accent-foreground')}
    >
      <Link to={link.to} aria-current={active ? 'page' : undefined}>
        {link.label}
      </Link>
    </Button>
  );
}

function ThemeMenu() {
  const { theme, setTheme } = useTheme();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Toggle theme">
          <Sun className="dark:hidden" aria-hidden />
          <Moon className="hidden dark:block" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuRadioGroup value={theme} onValueChange={(value) => isTheme(value) && setTheme(value)}>
          {THEME_CHOICES.map(({ value, label, icon: Icon }) => (
            <DropdownMenuRadioItem key={value} value={value}>
              <Icon aria-hidden />
              {label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function AccountMenu() {
  const username = useCurrentUser().data?.username;
  const handleLogout = useLogout();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost">
          <UserRound aria-hidden />
          Account
          <ChevronDown className="text-muted-foreground" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-48">
        {username && (
          <>
            <DropdownMenuLabel className="font-normal text-muted-foreground">
              Signed in as <span className="font-medium text-foreground">{username}</span>
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
          </>
        )}
        <DropdownMenuItem asChild>
          <Link to="/account">
            <Settings aria-hidden />
            Manage
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void handleLogout()}>
          <LogOut aria-hidden />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function MobileMenu({ links }: { links: NavLinkItem[] }) {
  const [open, setOpen] = useState(false);
  const { theme, setTheme } = useTheme();
  const username = useCurrentUser().data?.username;
  const handleLogout = useLogout();
  const close = () => setOpen(false);

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open menu">
          <Menu aria-hidden />
        </Button>
      </SheetTrigger>
      <SheetContent side="right" className="w-72 gap-0">
        <SheetHeader className="border-b">
          <SheetTitle>{PRODUCT_NAME}</SheetTitle>
          <SheetDescription>
            {username ? `Signed in as ${username}` : 'Navigation and account'}
          </SheetDescription>
        </SheetHeader>
        <div className="flex flex-1 flex-col gap-4 overflow-y-auto p-4">
          <nav aria-label="Main" className="flex flex-col gap-1">
            {links.map((link) => (
              <DrawerLink key={link.to} link={link} onNavigate={close} />
            ))}
          </nav>
          <Separator />
          <DrawerLink link={{ to: '/account', label: 'Account Settings' }} onNavigate={close} />
          <Separator />
          <div className="flex flex-col gap-2">
            <span id="drawer-theme-label" className="font-medium text-muted-foreground text-sm">
              Theme
            </span>
            <ToggleGroup
              type="single"
              variant="outline"
              className="w-full"
              aria-labelledby="drawer-theme-label"
              value={theme}
              // Radix reports '' when the pressed item is clicked again; a theme must stay chosen.
              onValueChange={(value) => isTheme(value) && setTheme(value)}
            >
              {THEME_CHOICES.map(({ value, label, icon: Icon }) => (
                <ToggleGroupItem key={value} value={value} className="gap-1.5">
                  <Icon aria-hidden />
                  {label}
                </ToggleGroupItem>
              ))}
            </ToggleGroup>
          </div>
        </div>
        <div className="border-t p-4">
          <Button
            variant="outline"
            className="w-full"
            onClick={() => {
              close();
              void handleLogout();
            }}
          >
            <LogOut aria-hidden />
            Logout
          </Button>
        </div>
      </SheetContent>
    </Sheet>
  );
}

function DrawerLink({ link, onNavigate }: { link: NavLinkItem; onNavigate(): void }) {
  const active = useIsActive(link);
  return (
    <Button
      asChild
      variant="ghost"
      className={cn('justify-start', active && 'bg-accent text-accent-foreground')}
    >
      <Link to={link.to} aria-current={active ? 'page' : undefined} onClick={onNavigate}>
        {link.label}
      </Link>
    </Button>
  );
}
