import type { SharedAlbum } from '@shoebox/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import styles from '../album/album-page.module.css';

/** 'Shared with {count} people': who can view, download and use the album's photos. */
export function ParticipantsDialog({ album, onClose }: { album: SharedAlbum; onClose: () => void }) {
  const { t } = useTranslation('albums');
  const introId = useId();
  const count = album.participants.length;
  return (
    <Dialog
      title={t('shared.participantsTitle', { count })}
      describedBy={introId}
      closeLabel={t('close')}
      onClose={onClose}
      size="small"
      footer={
        <button type="button" className={buttonClass.secondary} onClick={onClose}>
          {t('shared.close')}
        </button>
      }
    >
      <p id={introId}>{t('shared.participantsIntro')}</p>
      <ul className={styles.people}>
        {album.participants.map((person) => (
          <li key={person.id}>{person.email}</li>
        ))}
      </ul>
    </Dialog>
  );
}
