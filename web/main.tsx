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
import { loadCatalogue } from './i18n/load';
import { StudentApp } from './StudentApp';
import { startYksBridge } from './lib/yks-bridge';

const AdminApp = lazy(() => import('./admin/AdminApp'));

const container = document.getElementById('root');
if (!container) throw new Error('no #root element');
const root = createRoot(container);
const result = readBootstrap();

if (!result.ok) {
  console.error(result.reason);
  const locale = navigator.language.toLowerCase().startsWith('en') ? 'en-gb' : 'zh-CN';
  void loadCatalogue(locale)
    .catch((error: unknown) => console.error(error))
    .then(() =>
      root.render(
        <p className="boot-error" role="alert">
          {translate(locale, 'common.loadFailed')}
        </p>,
      ),
    );
} else {
  const boot = result.data;
  document.documentElement.lang = boot.locale;
  configureClient({ apiPrefix: boot.apiPrefix, ver: boot.ver });
  // Issue 19: inside the exam platform's frame (model=yks), the window messages with it.
  if (boot.page !== 'admin') startYksBridge(boot);
  // The page's messages come in a chunk of their own (preloaded by the shell): render once they are in.
  // (Should the chunk fail to load, the page still renders, with message keys for texts.)
  void loadCatalogue(boot.locale)
    .catch((error: unknown) => console.error(error))
    .then(() =>
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
      ),
    );
}
