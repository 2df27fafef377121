import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Facts, Section } from '../../../components/ui/section';
import { useServices } from '../../../lib/services';
import { FTP_DONE_RETENTION_DAYS, FTP_FILE_NAME_EXAMPLE, FTP_FILE_NAME_MAX_LENGTH, FTP_FOLDERS, FTP_PORT, ftpHostFor } from '../lib/ftp-instructions';
import styles from './integration.module.css';

/** How to send order files: the server and sign-in, the folders a file passes through, and how to name it. */
export function FtpInstructions({ customerNumber }: { customerNumber: string }) {
  const { t } = useTranslation('settings');
  const { channel } = useServices();
  const connection: [string, ReactNode][] = [
    [t('ftp.host'), <code key="host">{ftpHostFor(channel)}</code>],
    [t('ftp.port'), FTP_PORT],
    [t('ftp.protocol'), t('ftp.protocolValue')],
    [t('ftp.username'), <code key="user">{customerNumber}</code>],
    [t('ftp.password'), t('ftp.passwordValue')],
  ];
  const folderText = { incoming: t('ftp.incoming'), processing: t('ftp.processing'), done: t('ftp.done', { days: FTP_DONE_RETENTION_DAYS }), rejected: t('ftp.rejected') };
  return (
    <>
      <p>{t('ftp.intro')}</p>
      <Section title={t('ftp.connectionHeading')}>
        <Facts rows={connection} />
      </Section>
      <Section title={t('ftp.foldersHeading')}>
        <ul className={styles.folders}>
          {FTP_FOLDERS.map((folder) => (
            <li key={folder}>
              <code>/{folder}</code> — {folderText[folder]}
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t('ftp.namingHeading')}>
        <p>{t('ftp.naming')}</p>
        <p className={styles.example}>
          {t('ftp.exampleLabel')} <code>{FTP_FILE_NAME_EXAMPLE}</code>
        </p>
        <p>{t('ftp.namingRules', { max: FTP_FILE_NAME_MAX_LENGTH })}</p>
        <p>{t('ftp.partial')}</p>
      </Section>
    </>
  );
}
