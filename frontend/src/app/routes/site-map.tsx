export { SiteMapPage as Component } from '@/features/legal/components/site-map-page';
