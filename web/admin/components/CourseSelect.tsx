import useSWR from 'swr';
import { COURSE_OPTIONS_KEY, listCourseOptions } from '../../api/courses';

/** A back-office list's course filter: the school's courses (published or not) after an empty option ('' = none chosen). */
export function CourseSelect({
  value,
  onChange,
  label,
  emptyLabel,
  testId,
}: {
  value: string;
  onChange: (coid: string) => void;
  label: string;
  emptyLabel: string;
  testId?: string;
}) {
  const courses = useSWR(COURSE_OPTIONS_KEY, listCourseOptions);
  return (
    <select value={value} aria-label={label} onChange={(event) => onChange(event.target.value)} data-testid={testId}>
      <option value="">{emptyLabel}</option>
      {(courses.data ?? []).map((course) => (
        <option key={course.coid} value={course.coid}>
          {course.title}
        </option>
      ))}
    </select>
  );
}
