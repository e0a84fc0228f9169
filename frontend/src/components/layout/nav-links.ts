import { paths } from '@/config/paths';

/** Public links of the header and the mobile menu. */
export const MAIN_LINKS = [
  { to: paths.home.getHref(), labelKey: 'nav.home', end: true },
  { to: paths.pricing.getHref(), labelKey: 'nav.pricing', end: false },
  { to: paths.recruitment.getHref(), labelKey: 'nav.recruitment', end: false },
  { to: paths.contact.getHref(), labelKey: 'nav.contact', end: false },
] as const;
