/** How a script scrolls: smoothly, unless the visitor asked for less motion (then at once). */
export const scrollBehavior = (): ScrollBehavior =>
  window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
