/**
 * What jsdom lacks and the components call. jsdom lays nothing out and plays no media, so each
 * stub answers as a browser would with nothing on screen yet; none of them decides what a test
 * checks.
 */
export function installBrowserStubs(): void {
  // No media query matches: a narrow screen without reduced-motion preference (useMediaQuery).
  window.matchMedia = (query: string) =>
    ({
      media: query,
      matches: false,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) satisfies MediaQueryList;

  // Nothing ever comes into view (the recruitment's section tracking, the brief's summary bar).
  window.IntersectionObserver = class {
    readonly root = null;
    readonly rootMargin = '0px';
    readonly thresholds = [];
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  };
  // jsdom prints « not implemented » instead of scrolling (the wizard scrolls up at each step).
  window.scrollTo = () => undefined;

  // The review player drives a `<video>` that jsdom never loads: play resolves (as a browser
  // allowed to autoplay does) and pause does nothing, so the player's own frame count and seeks
  // are what the tests see. `currentTime` is a plain writable field in jsdom already.
  window.HTMLMediaElement.prototype.play = () => Promise.resolve();
  window.HTMLMediaElement.prototype.pause = () => undefined;
  window.HTMLMediaElement.prototype.load = () => undefined;
}
