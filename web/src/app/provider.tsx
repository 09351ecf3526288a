import '@mantine/core/styles.css';
import '@mantine/charts/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dropzone/styles.css';
import 'mantine-datatable/styles.css';
import { LoadingOverlay, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { DesktopUpgradePrompt } from '@/features/desktop/components/desktop-upgrade-prompt';
import { desktopBridge } from '@/features/desktop/desktop-bridge';
import { tracker } from '@/features/tracking/tracker';
import { useLoading } from '@/lib/loading';
import { queryClient } from '@/lib/react-query';
import { realtime } from '@/lib/realtime';
import { watchOtherTabs } from '@/lib/session';
import { versionChecker } from '@/lib/version-check';
import { TypeCode } from '@/generated/codes';
import { theme } from '@/theme';

function GlobalLoading() {
  const { count, text } = useLoading();
  return (
    <LoadingOverlay
      visible={count > 0}
      zIndex={3000}
      pos="fixed"
      overlayProps={{ backgroundOpacity: 0.15, blur: 0 }}
      loaderProps={{ children: text }}
      transitionProps={{ duration: 150, enterDelay: 200 }}
    />
  );
}

/**
 * App-wide providers (query cache, Mantine) and background work: version check, cross-tab
 * selection, usage tracking's sending, the desktop client's bridge.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  useEffect(() => {
    const stopVersion = versionChecker.start();
    const offVersionPush = realtime.subscribe(TypeCode.Version, (m) => {
      const pushed = typeof m.content?.value === 'string' ? m.content.value : null;
      void versionChecker.check(pushed);
    });
    const stopWatch = watchOtherTabs();
    const stopTracking = tracker.start();
    const stopDesktop = desktopBridge.start();
    return () => {
      stopVersion();
      offVersionPush();
      stopWatch();
      stopTracking();
      stopDesktop();
    };
  }, []);

  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme}>
        <Notifications position="top-center" zIndex={4000} />
        <GlobalLoading />
        <DesktopUpgradePrompt />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
