/** Filled by its area. */
export default function GroupsPage() {
  return null;
}
