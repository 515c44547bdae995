import { GroupTreeScreen } from '../groups/GroupTreeScreen';

/** /admin-groups: the sub-admins' group tree (a/group), the same editor as the student groups. */
export default function AdminGroupsPage() {
  return <GroupTreeScreen kind="admin" />;
}
