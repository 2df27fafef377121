export { DashboardCards } from './components/dashboard-cards';
export { OverviewPage } from './routes/overview-page';
