/** Messages of bill approvals (docs/adr/0027-workflow-engine.md), in zh, mo and en. */
export const workflowMessages = {
  // An approval setting names a deployed process, chosen from the tenant's (issue 29, 14).
  'workflow.unknownProcess': {
    zh: '没有已部署的流程 {key}：请先在流程设计器中部署，再选择它作为审批流程',
    mo: '沒有已部署的流程 {key}：請先在流程設計器中部署，再選擇它作為審批流程',
    en: 'No deployed process has the key {key}: deploy it in the process designer first, then choose it for the approval',
  },
} as const;
