// Which platform the visitor is on, for the install card and the /install page. iPadOS 13+ reports
// a Macintosh user agent; its touch points give it away.

export type InstallPlatform =
  | 'ios'
  | 'android-chrome'
  | 'samsung'
  | 'android-firefox'
  | 'desktop-chromium'
  | 'macos-safari'
  | 'desktop-firefox'
  | 'other';

export function isIos(nav: Navigator = navigator): boolean {
  const ua = nav.userAgent;
  return /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && nav.maxTouchPoints > 1);
}

export function installPlatform(nav: Navigator = navigator): InstallPlatform {
  const ua = nav.userAgent;
  if (isIos(nav)) return 'ios';
  if (/Android/.test(ua)) {
    if (/SamsungBrowser/.test(ua)) return 'samsung';
    if (/Firefox/.test(ua)) return 'android-firefox';
    return 'android-chrome';
  }
  if (/Firefox/.test(ua)) return 'desktop-firefox';
  if (/Chrome|Chromium|Edg\//.test(ua)) return 'desktop-chromium';
  if (/Macintosh/.test(ua) && /Safari/.test(ua)) return 'macos-safari';
  return 'other';
}

/** Running as an installed app (home screen, dock, app window). */
export function isStandalone(): boolean {
  const nav = navigator as Navigator & { standalone?: boolean };
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true || nav.standalone === true
  );
}
