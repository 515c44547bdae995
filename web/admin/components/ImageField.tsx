import { useState } from 'react';
import { isSafeUrl } from '../../../shared/rules/sanitize';
import { useT } from '../../i18n';

/**
 * An image address typed as text with a small preview. Uploading arrives with the uploads work (issue 4);
 * until then an administrator pastes a path on this site (such as /files/...) or an address.
 */
export function ImageField({ value, onChange, id, placeholder, invalid }: { value: string; onChange: (value: string) => void; id?: string; placeholder?: string; invalid?: boolean }) {
  const t = useT();
  const [failed, setFailed] = useState<string | null>(null);
  const trimmed = value.trim();
  const unsafe = trimmed !== '' && !isSafeUrl(trimmed);
  return (
    <div className="ac-image">
      <input
        id={id}
        type="text"
        inputMode="url"
        value={value}
        placeholder={placeholder ?? t('admin.common.imagePlaceholder')}
        aria-invalid={invalid || unsafe || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <div className="ac-image-preview" aria-hidden="true">
        {trimmed && !unsafe && failed !== trimmed ? (
          <img src={trimmed} alt="" onError={() => setFailed(trimmed)} onLoad={() => setFailed(null)} />
        ) : (
          <span>{unsafe ? t('admin.common.unsafeUrl') : trimmed ? t('admin.common.noPreview') : t('admin.common.noImage')}</span>
        )}
      </div>
    </div>
  );
}
