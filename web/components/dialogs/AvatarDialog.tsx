import { useEffect, useId, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { ACCOUNT_ERRORS, AVATAR_EXTENSIONS, avatarProblem } from '../../../shared/schemas/account';
import { useDialogFocus } from '../../hooks/useDialogFocus';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useT } from '../../i18n';
import { toast } from '../feedback';
import { uploadAvatar } from '../../api/account';
import { Avatar } from '../Avatar';

/**
 * Change avatar (spec 2 user menu, spec 5 'Avatar upload: types jpeg, jpg, png (else 不支持该类型上传，请重试！);
 * size at most 2097152 bytes (else 上传图片太大，请重试！)', spec 8 'Avatar save: success 修改成功！, failure 修改失败！').
 * The chosen file is checked here first (name and size, shared/schemas/account avatarProblem), previewed, then
 * sent; the server checks its bytes again and answers the new picture's address, which the top bar shows at once.
 */
export default function AvatarDialog({
  name,
  current,
  onClose,
}: {
  name: string;
  current: string;
  onClose: () => void;
}) {
  const t = useT();
  const id = useId();
  const isMobile = useIsMobile();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState('');
  const [busy, setBusy] = useState(false);
  const dialogRef = useRef<HTMLDivElement>(null);
  useDialogFocus(dialogRef);

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const handlePick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    event.target.value = '';
    if (!picked) return;
    const problem = avatarProblem(picked.name, picked.size);
    if (problem) return toast(t(problem === 'type' ? 'account.avatar.badType' : 'account.avatar.tooLarge'));
    setFile(picked);
    setPreview(URL.createObjectURL(picked));
  };

  const handleSave = async () => {
    if (!file || busy) return;
    setBusy(true);
    const reply = await uploadAvatar(file);
    setBusy(false);
    if (reply.status === 'ok') {
      toast(t('account.avatar.saved'));
      onClose();
      return;
    }
    if (reply.error === ACCOUNT_ERRORS.avatarType) toast(t('account.avatar.badType'));
    else if (reply.error === ACCOUNT_ERRORS.avatarTooLarge) toast(t('account.avatar.tooLarge'));
    else toast(t('account.avatar.failed'));
  };

  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !busy) {
      event.preventDefault();
      onClose();
    }
  };

  return (
    <div className={`dialog-mask${isMobile ? ' is-mobile' : ''}`} data-testid="avatar-mask">
      <div
        ref={dialogRef}
        tabIndex={-1}
        className={`dialog account-dialog avatar-dialog${isMobile ? ' is-mobile' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        onKeyDown={handleKeyDown}
        data-testid="avatar-dialog"
      >
        <h2 id={`${id}-title`} className="dialog-title">
          {t('account.avatar.title')}
        </h2>
        <div className="avatar-pick">
          {preview ? (
            <img
              className="avatar avatar-preview"
              src={preview}
              alt={t('account.avatar.preview')}
              data-testid="avatar-preview"
            />
          ) : (
            <Avatar name={name} image={current} size={120} />
          )}
          <label className="btn" htmlFor={`${id}-file`}>
            {t('account.avatar.choose')}
          </label>
          <input
            id={`${id}-file`}
            className="visually-hidden"
            type="file"
            accept={AVATAR_EXTENSIONS.map((ext) => `.${ext}`).join(',') + ',image/jpeg,image/png'}
            onChange={handlePick}
            data-testid="avatar-file"
          />
          <p className="page-muted">{t('account.avatar.hint')}</p>
        </div>
        <div className="dialog-actions">
          <button type="button" className="btn" disabled={busy} onClick={onClose}>
            {t('account.avatar.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!file || busy}
            aria-busy={busy}
            onClick={() => void handleSave()}
            data-testid="avatar-save"
          >
            {busy ? t('account.avatar.saving') : t('account.avatar.save')}
          </button>
        </div>
      </div>
    </div>
  );
}
