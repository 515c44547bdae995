import type { ReactNode } from 'react';

/** The title row of a back-office screen with its actions on the right. */
export function PageHeader({ title, children, back }: { title: ReactNode; children?: ReactNode; back?: ReactNode }) {
  return (
    <div className="ac-head">
      <div className="ac-head-title">
        {back}
        <h1 className="page-title">{title}</h1>
      </div>
      {children && <div className="ac-head-actions">{children}</div>}
    </div>
  );
}
