import { CheckSquareOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { client } from '../api/client.ts';

/**
 * The top bar's to-do count (issue 18): one small request, shared with the work page's tabs
 * (same query key), so that handling a task, which invalidates `['workflow']`, refreshes it.
 */
export function TodoCount() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const counts = useQuery({
    queryKey: ['workflow', 'counts'],
    queryFn: () => client.request<{ todo: number; copies: number }>('GET', '/api/bl-flowable/counts'),
    refetchInterval: 60_000,
    retry: false,
    meta: { quiet: true },
  });
  const todo = counts.data?.todo ?? 0;
  const label = `${t('workflow.todoCount')}: ${todo}`;
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        className="bl-tool"
        data-testid="wf-todo-count"
        aria-label={label}
        onClick={() => navigate('/flowable/work/start?tab=todo')}
        icon={
          <Badge count={todo} size="small" overflowCount={99}>
            <CheckSquareOutlined />
          </Badge>
        }
      />
    </Tooltip>
  );
}
