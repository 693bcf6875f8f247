import type { Language } from '@bl/contract';
import type { CatalogueEntity } from '@bl/entities';
import { Button, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSetupProgress } from '../pages/SetupChecklist.tsx';
import type { CatalogueIndex } from './catalogue.ts';
import { newRecordState } from './new-record.ts';

/**
 * What an empty list says (issue 14, point 13): when a set-up step before this entity has no
 * record yet, to create that first (with a link); otherwise, when nothing is filtered, how to
 * add the first record. A filtered empty list just says it found nothing.
 */
export function EmptyHint(props: {
  entity: CatalogueEntity;
  catalogue: CatalogueIndex;
  language: Language;
  filtered: boolean;
  canAdd: boolean;
}) {
  const { entity, catalogue, language, filtered, canAdd } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const steps = useSetupProgress().data ?? [];
  if (filtered) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('crud.noMatch')} />;
  const position = steps.findIndex((s) => s.entity === entity.name);
  const missing = position > 0 ? steps.slice(0, position).find((s) => s.count === 0) : undefined;
  const label = entity.label[language];
  if (missing) {
    const before = catalogue.entity(missing.entity)?.label[language] ?? missing.entity;
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('crud.createFirst', { before, entity: label })}
        data-testid="empty-hint"
      >
        <Button type="primary" onClick={() => navigate(missing.path, { state: newRecordState })}>
          {t('crud.goCreate', { entity: before })}
        </Button>
      </Empty>
    );
  }
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        canAdd ? t('crud.noneYet', { entity: label }) : t('crud.noneYetReadOnly', { entity: label })
      }
      data-testid="empty-hint"
    />
  );
}
