/**
 * The app a first load of /mobile starts (main.tsx): the mobile landing page with the query cache and
 * a router of its own, and nothing of the console. Any other path (the logo's link to /home) hands over to the
 * console, whose router takes the location from there.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { queryClient } from '../api/queryClient.ts';
import { launchSettingQuery } from '../components/PlayerLaunchButton.tsx';
import { MobilePage } from '../features/landing/MobilePage.tsx';

/** Renders nothing and starts the console (`to` is made once, with the route table). */
function HandOver({ to }: { to: () => void }) {
  useEffect(() => to(), [to]);
  return null;
}

/** The mobile app; `startConsole` renders the console in its place. */
export function mobileApp(startConsole: () => Promise<void>): ReactNode {
  // The setting that enables LAUNCH PLAYER is asked for now, not after the first render.
  void queryClient.prefetchQuery(launchSettingQuery('mobile_landing_instance'));
  const router = createBrowserRouter([
    { path: '/mobile', element: <MobilePage /> },
    { path: '*', element: <HandOver to={() => void startConsole().then(() => router.dispose())} /> },
  ]);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
