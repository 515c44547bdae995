/** Filled by its area. */
export default function AdminGroupsPage() {
  return null;
}
