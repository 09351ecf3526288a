// Leaving the page for a file (kept in one object so tests can replace it): a web link or a page
// in a new tab, an Office file downloaded.

export const browserNav = {
  openTab(url: string): void {
    window.open(url, '_blank', 'noopener,noreferrer');
  },
  download(url: string): void {
    window.location.assign(url);
  },
};
