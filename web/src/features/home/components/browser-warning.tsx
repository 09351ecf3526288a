import { Alert } from '@mantine/core';
import { shouldWarnBrowser } from '@/lib/browser';

/** Non-Chrome browsers and Chrome below 90 get a warning (not inside the messenger). */
export function BrowserWarning({ userAgent = navigator.userAgent }: { userAgent?: string }) {
  if (!shouldWarnBrowser(userAgent)) return null;
  return (
    <Alert color="yellow" variant="light" title="浏览器版本提示">
      为了获得更好的使用体验，请使用 90 及以上版本的谷歌浏览器（Chrome）。
    </Alert>
  );
}
