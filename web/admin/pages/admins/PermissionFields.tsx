import type { PermissionGroup } from '../../../../shared/constants';
import type { MessageKey } from '../../../../shared/i18n';
import { useT } from '../../../i18n';
import type { CateNode, GroupPermissions } from '../../../../shared/schemas/admins';
import { Check } from '../../components/Field';

/** The label of a permission group (admin.admins.perm.*). */
export const permissionLabel = (key: PermissionGroup): MessageKey => `admin.admins.perm.${key}`;

/**
 * The permission group checkboxes (only those the signed-in admin may grant can be ticked) and the course category
 * tree: 'all categories' by default, else the ticked categories. An admin limited to categories cannot grant 'all'.
 */
export function PermissionFields({
  rights,
  tree,
  permissions,
  categories,
  onPermissions,
  onCategories,
}: {
  rights: GroupPermissions | undefined;
  tree: CateNode[];
  permissions: PermissionGroup[];
  categories: string[];
  onPermissions: (next: PermissionGroup[]) => void;
  onCategories: (next: string[]) => void;
}) {
  const t = useT();
  const grantable = rights?.grantable ?? [];
  const scoped = (rights?.grantableCategories.length ?? 0) > 0;
  const all = categories.length === 0 && !scoped;
  const toggle = <T,>(list: T[], item: T, on: boolean) =>
    on ? [...list.filter((x) => x !== item), item] : list.filter((x) => x !== item);
  const renderNodes = (nodes: CateNode[], depth: number) =>
    nodes.map((node) => (
      <div key={node.id} style={{ paddingLeft: depth * 20 }} data-testid="category-choice" data-name={node.name}>
        <Check
          label={node.name}
          checked={categories.includes(node.id)}
          onChange={(on) => onCategories(toggle(categories, node.id, on))}
        />
        {renderNodes(node.children, depth + 1)}
      </div>
    ));
  return (
    <>
      <fieldset className="ac-field is-wide" data-field="permissions">
        <legend className="ac-label">{t('admin.admins.permissions')}</legend>
        <div className="ac-control ac-check-grid">
          {(rights?.groups ?? []).map((group) => (
            <label key={group.key} className="ac-check" data-testid="permission-choice" data-key={group.key}>
              <input
                type="checkbox"
                checked={permissions.includes(group.key)}
                disabled={!grantable.includes(group.key) && !permissions.includes(group.key)}
                onChange={(event) => onPermissions(toggle(permissions, group.key, event.target.checked))}
              />
              <span>{t(permissionLabel(group.key))}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="ac-field is-wide" data-field="categories">
        <legend className="ac-label">{t('admin.admins.categories')}</legend>
        <div className="ac-control">
          {!scoped && (
            <Check
              name="all-categories"
              label={t('admin.admins.allCategories')}
              checked={all}
              onChange={(on) => on && onCategories([])}
            />
          )}
          {tree.length === 0 ? <p className="ac-muted">{t('admin.admins.noCategories')}</p> : renderNodes(tree, 0)}
        </div>
      </fieldset>
    </>
  );
}
