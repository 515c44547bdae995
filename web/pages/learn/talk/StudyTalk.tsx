import { useState } from 'react';
import type { Ware } from '../../../../shared/schemas/learning';
import { useBootstrap } from '../../../bootstrap';
import { useT } from '../../../i18n';
import { NotesPanel } from './NotesPanel';
import { QaPanel } from './QaPanel';

type Tab = 'qa' | 'notes';

/**
 * Q&A and notes under the chapter's viewer, desktop and phone (issue 16 'Chapter Q&A and notes'). A signed-in
 * student has both; a course's administrator previewing has the Q&A to answer; a guest neither.
 */
export function StudyTalk({ ware }: { ware: Ware }) {
  const t = useT();
  const boot = useBootstrap();
  const student = boot.role === 'student';
  const [tab, setTab] = useState<Tab>('qa');
  if (boot.role === 'guest' || (!student && !ware.preview)) return null;
  const tabs: { key: Tab; label: string }[] = [{ key: 'qa', label: t('qa.title') }];
  if (student) tabs.push({ key: 'notes', label: t('qa.notesTab') });
  return (
    <section className="talk" data-testid="study-talk" aria-label={t('qa.title')}>
      <div className="talk-tabs" role="tablist">
        {tabs.map((item) => (
          <button
            key={item.key}
            type="button"
            role="tab"
            id={`talk-tab-${item.key}`}
            aria-selected={tab === item.key}
            aria-controls={`talk-panel-${item.key}`}
            className={`talk-tab${tab === item.key ? ' is-active' : ''}`}
            onClick={() => setTab(item.key)}
            data-testid={`talk-tab-${item.key}`}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`talk-panel-${tab}`} aria-labelledby={`talk-tab-${tab}`}>
        {tab === 'qa' ? <QaPanel ware={ware} /> : <NotesPanel ware={ware} />}
      </div>
    </section>
  );
}
