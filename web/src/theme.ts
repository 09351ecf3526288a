import { createTheme } from '@mantine/core';

/** The one Mantine theme of the app. */
export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: '-apple-system, BlinkMacSystemFont, "PingFang SC", "Microsoft YaHei", "Segoe UI", Roboto, sans-serif',
  headings: { fontWeight: '600' },
  other: {
    headerHeight: 56,
    navbarWidth: 220,
    navbarCollapsedWidth: 64,
  },
  components: {
    Modal: { defaultProps: { zIndex: 2100, transitionProps: { duration: 200 } } },
  },
});
