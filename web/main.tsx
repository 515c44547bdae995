import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { SWRConfig } from 'swr';
import './styles.css';
import { translate } from '../shared/i18n';
import { configureClient } from './api/client';
import { BootstrapContext, readBootstrap } from './bootstrap';
import { FeedbackHost } from './components/feedback';
import { Loading } from './components/Loading';
import { I18nProvider } from './i18n';
import { StudentApp } from './StudentApp';

const AdminApp = lazy(() => import('./admin/AdminApp'));

const container = document.getElementById('root');
if (!container) throw new Error('no #root element');
const root = createRoot(container);
const result = readBootstrap();

if (!result.ok) {
  console.error(result.reason);
  const english = navigator.language.toLowerCase().startsWith('en');
  root.render(
    <p className="boot-error" role="alert">
      {translate(english ? 'en-gb' : 'zh-CN', 'common.loadFailed')}
    </p>,
  );
} else {
  const boot = result.data;
  document.documentElement.lang = boot.locale;
  configureClient({ apiPrefix: boot.apiPrefix });
  root.render(
    <StrictMode>
      <BootstrapContext.Provider value={boot}>
        <I18nProvider locale={boot.locale}>
          <SWRConfig value={{ revalidateOnFocus: false }}>
            {boot.page === 'admin' ? (
              <Suspense fallback={<Loading />}>
                <AdminApp />
              </Suspense>
            ) : (
              <StudentApp />
            )}
            <FeedbackHost />
          </SWRConfig>
        </I18nProvider>
      </BootstrapContext.Provider>
    </StrictMode>,
  );
}
