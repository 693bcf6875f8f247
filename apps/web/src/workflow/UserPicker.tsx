import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.ts';

interface UserOption {
  id: string;
  account: string;
  name: string | null;
}

/**
 * Picks a user of the tenant by account or name (workflow's own user list, so that any handler
 * may pick one): for transfer, delegation, added signers and a form's user field.
 */
export function UserPicker({
  value,
  onChange,
  style,
  testId,
}: {
  value?: string;
  onChange?: (id: string | undefined) => void;
  style?: React.CSSProperties;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const users = useQuery({
    queryKey: ['workflow', 'users', search, value ?? ''],
    queryFn: async () => {
      const found = await client.request<UserOption[]>('GET', '/api/bl-flowable/users', {
        query: { q: search },
      });
      // The chosen user stays labelled even when the search no longer finds them.
      if (value && !found.some((u) => u.id === value)) {
        const chosen = await client.request<UserOption[]>('GET', '/api/bl-flowable/users', {
          query: { ids: value },
        });
        return [...chosen, ...found];
      }
      return found;
    },
  });
  return (
    <Select<string>
      showSearch
      allowClear
      value={value}
      style={{ minWidth: 200, ...style }}
      placeholder={t('workflow.pickUser')}
      filterOption={false}
      onSearch={setSearch}
      onChange={(id) => onChange?.(id)}
      loading={users.isFetching}
      data-testid={testId}
      options={(users.data ?? []).map((u) => ({
        value: u.id,
        label: u.name ? `${u.name} (${u.account})` : u.account,
      }))}
    />
  );
}
