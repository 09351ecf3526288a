import { createTheme } from '@mantine/core';

/** Modals and drawers stack above the shell. */
export const MODAL_Z_INDEX = 2100;
/** Dropdowns, popovers, menus and tooltips stack above modals. */
export const FLOATING_Z_INDEX = 2200;

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
    Modal: { defaultProps: { zIndex: MODAL_Z_INDEX, transitionProps: { duration: 200 } } },
    // Dropdowns open from inside modals and drawers, so they stack above them (Mantine's own
    // default, 300, would put a portalled dropdown behind a modal and its options out of reach).
    Combobox: { defaultProps: { zIndex: FLOATING_Z_INDEX } },
    Popover: { defaultProps: { zIndex: FLOATING_Z_INDEX } },
    Menu: { defaultProps: { zIndex: FLOATING_Z_INDEX } },
    Tooltip: { defaultProps: { zIndex: FLOATING_Z_INDEX } },
  },
});
