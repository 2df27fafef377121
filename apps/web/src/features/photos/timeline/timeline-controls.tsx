import type { SortOptions } from '@shoebox/contracts';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsSmallScreen } from '../../../lib/media';
import { GridControls, GridSelect } from '../grid/grid-controls';
import type { GridLayout } from '../grid/grid-layout';
import { useSectionLabel } from '../grid/section-header';

interface TimelineControlsProps {
  layout: GridLayout | undefined;
  sort: SortOptions;
  onSortChange: (sort: SortOptions) => void;
  onJump: (sectionIndex: number) => void;
  selecting: boolean;
  onSelect: () => void;
  ref?: Ref<HTMLDivElement>;
}

/**
 * The timeline's bar above the grid: the sort (date taken or upload date, newest or oldest first), a year and
 * month jump that lands exactly on a month, and Select.
 */
export function TimelineControls({ layout, sort, onSortChange, onJump, selecting, onSelect, ref }: TimelineControlsProps) {
  const { t } = useTranslation('photos');
  const label = useSectionLabel();
  const small = useIsSmallScreen();
  const sections = layout?.sections ?? [];
  const years = [...new Set(sections.filter((s) => !s.unknown).map((s) => s.year))];
  const choices = [
    { key: 'dateTaken', label: t('controls.dateTaken'), tooltip: t('controls.sortByDateTaken') },
    { key: 'created', label: t('controls.uploadDate'), tooltip: t('controls.sortByUploadDate') },
  ] as const;

  return (
    <GridControls ref={ref} label={t('controls.label')} sort={sort} choices={choices} onSortChange={onSortChange} selecting={selecting} onSelect={onSelect}>
      {sections.length > 1 && (
        <GridSelect
          label={t('controls.jumpTo')}
          value=""
          onChange={(event) => {
            const index = Number(event.target.value);
            if (Number.isInteger(index)) onJump(index);
          }}
        >
          <option value="" disabled>
            {/* A phone hides the field's label and has room for a short text only: the label says it. */}
            {small ? t('controls.jumpTo') : t('controls.jumpToPlaceholder')}
          </option>
          {years.map((year) => (
            <optgroup key={year} label={String(year)}>
              {sections.map((section, index) =>
                section.year === year && !section.unknown ? (
                  <option key={section.key} value={index}>
                    {label(section)}
                  </option>
                ) : null,
              )}
            </optgroup>
          ))}
          {sections.map((section, index) =>
            section.unknown ? (
              <option key={section.key} value={index}>
                {label(section)}
              </option>
            ) : null,
          )}
        </GridSelect>
      )}
    </GridControls>
  );
}
