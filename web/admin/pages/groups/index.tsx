import { GroupTreeScreen } from './GroupTreeScreen';

/** /groups: the student group tree (s/group). */
export default function GroupsPage() {
  return <GroupTreeScreen kind="student" />;
}
