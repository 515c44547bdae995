// Course cards, prices and dates are presented one way everywhere: the catalogue's presenter.
export { fenToYuan, toCourseCard, yuanToFen } from '../courses/courses.presenter';
