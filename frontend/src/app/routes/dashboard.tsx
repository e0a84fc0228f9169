export { ClientDashboard as Component } from '@/features/dashboard/components/client-dashboard';
