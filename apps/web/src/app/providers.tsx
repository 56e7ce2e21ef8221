import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '@/components/ui/sonner';
import { queryClient } from '@/lib/query-client';
import { ThemeProvider, useTheme } from './theme';

function ThemedToaster() {
  const { resolvedTheme } = useTheme();
  // docs/behaviour/screens.md#toasts: toasts last 5 s, at most one at a time, bottom right where they cover none
  // of the header's or a page's top controls, each with a close button.
  return (
    <Toaster
      theme={resolvedTheme}
      duration={5000}
      visibleToasts={1}
      richColors
      closeButton
      position="bottom-right"
    />
  );
}

export function AppProviders({ children }: { children: React.ReactNode }) {
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        {children}
        <ThemedToaster />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
