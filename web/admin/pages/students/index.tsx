/** Filled by its area. */
export default function StudentsPage() {
  return null;
}
