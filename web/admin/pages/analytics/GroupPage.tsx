export { GroupAnalyticsPage as default } from './PeoplePages';
