import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { router } from './app/router';
import { setSessionExpiredHandler } from './lib/api-client';
import { queryClient } from './lib/query-client';

setSessionExpiredHandler((message) => {
  queryClient.clear();
  void router.navigate('/', { replace: true, state: { message } });
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
