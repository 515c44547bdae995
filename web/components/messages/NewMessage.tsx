import { useState, type FormEvent } from 'react';
import type { Friend } from '../../../shared/schemas/messages';
import { useCall } from '../../hooks/useCall';
import { useT } from '../../i18n';
import { Loading } from '../Loading';
import { MESSAGE_SIDES, type MessageSide } from './sides';

/**
 * Whom to write to (privatemessage/contacts): for a student the school's staff, and students found by name when
 * the school allows students to write to each other; for the staff, students found by name.
 */
export function NewMessage({ side, onPick }: { side: MessageSide; onPick: (friend: Friend) => void }) {
  const t = useT();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const contacts = useCall(MESSAGE_SIDES[side].contacts, { query: { keyword } }, { keepPreviousData: true });
  const handleSearch = (event: FormEvent) => {
    event.preventDefault();
    setKeyword(typed.trim());
  };
  return (
    <div className="pm-new" data-testid="pm-new">
      <h2 className="section-title">{t('messages.chooseRecipient')}</h2>
      {contacts.data?.students && (
        <form className="pm-search" onSubmit={handleSearch} role="search">
          <input
            className="pm-search-input"
            value={typed}
            maxLength={50}
            placeholder={t('messages.searchStudents')}
            aria-label={t('messages.searchStudents')}
            onChange={(event) => setTyped(event.target.value)}
            data-testid="pm-search"
          />
          <button type="submit" className="btn btn-small">
            {t('common.search')}
          </button>
        </form>
      )}
      {!contacts.data ? (
        <Loading />
      ) : contacts.data.list.length === 0 ? (
        <p className="page-muted">{keyword ? t('messages.noMatch') : t('messages.empty')}</p>
      ) : (
        <ul className="pm-contacts">
          {contacts.data.list.map((friend) => (
            <li key={friend.friendid}>
              <button
                type="button"
                className="pm-contact"
                onClick={() => onPick(friend)}
                data-testid="pm-contact"
                data-friendid={friend.friendid}
              >
                <span className="pm-name">{friend.name}</span>
                <span className="badge">{friend.kind === 'admin' ? t('messages.staff') : t('messages.student')}</span>
                {friend.username && <span className="page-muted">{friend.username}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
