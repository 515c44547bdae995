/** Chinese messages of the student's exams: exam list, sitting, results, dashboard papers and records (merged by shared/i18n/index.ts) (issue 6). */
export const messages = {
  'exams.title': '考试',
};
