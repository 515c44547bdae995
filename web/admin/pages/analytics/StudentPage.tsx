export { StudentAnalyticsPage as default } from './PeoplePages';
