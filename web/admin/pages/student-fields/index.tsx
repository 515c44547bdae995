/** Filled by its area. */
export default function StudentFieldsPage() {
  return null;
}
