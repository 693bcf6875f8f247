/**
 * Workflow in the browser (issue 18, docs/adr/0027-workflow-engine.md), in Chinese: a two-step
 * approval is opened in the process designer from a BPMN file and deployed, inbound review is
 * made to need it, the review button on an inbound bill starts it, the other user approves both
 * steps from the to-do list, the stock is posted and the diagram shows the steps done. Then a
 * form is designed at /tool/build/index, bound to a process's start, the process is started
 * through that form (checked in the browser), and its second step sends it back to the first.
 * Between the review and the approvals (issue 29, 3): the answer says the bill was sent for
 * approval and to whom, the row shows 审批中 with the holder and offers no edit or delete, the
 * view says why and its maker recalls it, then reviews again; the list and view in en too.
 * The approval settings name the action by its label and choose a deployed process; the
 * approver's task shows the bill's header and lines and links to its view; each handling says
 * what it did; a deployed version opens in the designer as the next one's draft (issue 29, 14).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApi,
  browserAvailable,
  confirmDialog,
  newContext,
  type Suite,
  screenshot,
  signInAsAdmin,
  spacedOut,
  startSuite,
  stopSuite,
  succeeded,
} from './harness.ts';

const zh = { languageName: '简体中文', heading: '账号登录' };
const en = { languageName: 'English', heading: 'Sign in' };
const reviewConfirm = '确定审核选择的单据？审核后库存将过账。';

const twoStep = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"
  xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC"
  xmlns:di="http://www.omg.org/spec/DD/20100524/DI" targetNamespace="http://bl/e2e">
  <process id="inboundTwoStep" name="入库两级审批" isExecutable="true">
    <startEvent id="start" name="提交" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="first" />
    <userTask id="first" name="一级审批" flowable:nameMo="一級審批" flowable:nameEn="First approval"
      flowable:candidateUsers="wfapprover" />
    <sequenceFlow id="f2" sourceRef="first" targetRef="final" />
    <userTask id="final" name="二级审批" flowable:nameMo="二級審批" flowable:nameEn="Final approval"
      flowable:candidateUsers="wfapprover" />
    <sequenceFlow id="f3" sourceRef="final" targetRef="end" />
    <endEvent id="end" name="结束" />
  </process>
  <bpmndi:BPMNDiagram id="d"><bpmndi:BPMNPlane id="p" bpmnElement="inboundTwoStep">
    <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="100" y="100" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="first_di" bpmnElement="first"><dc:Bounds x="190" y="78" width="100" height="80" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="final_di" bpmnElement="final"><dc:Bounds x="340" y="78" width="100" height="80" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="490" y="100" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNEdge id="f1_di" bpmnElement="f1"><di:waypoint x="136" y="118" /><di:waypoint x="190" y="118" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="f2_di" bpmnElement="f2"><di:waypoint x="290" y="118" /><di:waypoint x="340" y="118" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="f3_di" bpmnElement="f3"><di:waypoint x="440" y="118" /><di:waypoint x="490" y="118" /></bpmndi:BPMNEdge>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</definitions>`;

/** Started through the designed form e2eForm; two steps of the starter's own. */
const formTwoStep = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"
  targetNamespace="http://bl/e2e">
  <process id="expenseE2e" name="报销流程" isExecutable="true">
    <startEvent id="start" name="提交" flowable:formKey="e2eForm" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="first" />
    <userTask id="first" name="第一步" flowable:assignee="\${starter}" flowable:formKey="e2eForm" />
    <sequenceFlow id="f2" sourceRef="first" targetRef="second" />
    <userTask id="second" name="第二步" flowable:assignee="\${starter}" />
    <sequenceFlow id="f3" sourceRef="second" targetRef="end" />
    <endEvent id="end" name="结束" />
  </process>
</definitions>`;

/** The diagram's labels (bpmn-js wraps a label in lines, one `tspan` each). */
const diagramLabels = (page: Page) =>
  page
    .locator('.bl-wf-diagram .djs-label')
    .evaluateAll((labels) =>
      labels.map((label) =>
        [...label.querySelectorAll('tspan')].map((line) => line.textContent?.trim() ?? '').join(' '),
      ),
    );

/** Scrolls the list to its last columns (where a bill's state is), under the fixed actions. */
const scrollTableRight = (page: Page) =>
  page
    .locator(
      '[data-testid="crud-isinstockbill"] .ant-table-content, [data-testid="crud-isinstockbill"] .ant-table-body',
    )
    .first()
    .evaluate((table) => {
      table.scrollLeft = table.scrollWidth;
    });

let suite: Suite;
let api: Awaited<ReturnType<typeof adminApi>>;

async function seed() {
  api = await adminApi(suite.server.baseUrl);
  await api.submit('unit', { code: 'WFU', name: '件', rate: '1' });
  await api.submit('material', { code: 'WFM', name: '审批物料', spec: 'S', model: 'X', unitCode: 'WFU' });
  await api.submit('customer', { code: 'WFC', name: '审批货主', customerStatus: '1' });
  await api.submit('warehouse', { code: 'WFW', name: '审批仓' });
  await api.submit('warehousearea', { code: 'WFA', name: '审批区', warehouseCode: 'WFW' });
  await api.submit('warehouseplace', {
    code: 'WFP',
    name: 'WFP',
    warehouseAreaCode: 'WFA',
    placeStatus: '1',
  });
  await api.submit('isinstockbill', {
    billNo: 'WF-IN-1',
    // Today: the inbound list opens on recent bills.
    billDate: new Date().toISOString().slice(0, 10),
    customerCode: 'WFC',
    warehouseCode: 'WFW',
    type: '1',
    isReview: '1',
    details: [{ lineNumber: 1, materialCode: 'WFM', warehousePlaceCode: 'WFP', unitCode: 'WFU', qty: '6' }],
  });
  const roles = (await api.call('GET', '/api/bl-system/role/list?roleAlias=administrator')) as {
    records: { id: string }[];
  };
  await api.call('POST', '/api/bl-system/user/submit', {
    account: 'wfapprover',
    name: '审批人',
    password: 'Approve-it-9',
    confirmPassword: 'Approve-it-9',
    roleId: roles.records[0]?.id,
  });
}

const stockOfWfm = async () => {
  const list = (await api.call('GET', '/api/bl-wms/stock/list?materialCode=WFM')) as {
    records: { qty: string }[];
  };
  return list.records.reduce((sum, r) => sum + Number(r.qty), 0);
};

async function signInAs(account: string, password: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(suite.browser, suite.server.baseUrl);
  const page = await context.newPage();
  await page.goto('/login');
  await page.locator('#login_tenantId').fill('000000');
  await page.locator('#login_account').fill(account);
  await page.locator('#login_password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/wel/index');
  return { context, page };
}

/** Opens the to-do list and the task of `title` at `step`. */
async function openTask(page: Page, title: string, step: string) {
  await page.goto('/flowable/work/start?tab=todo');
  const row = page
    .locator('.ant-table-tbody tr.ant-table-row')
    .filter({ hasText: title })
    .filter({ hasText: step });
  await row.first().waitFor();
  await row
    .first()
    .getByRole('button', { name: spacedOut('办理') })
    .click();
  await page.getByText(`办理: ${step}`).waitFor();
}

/**
 * The approver's task shows the bill it stands for (issue 29, 14): type, number and the action
 * asked, the header as its list shows it (owner by name, warehouse, total), the lines.
 */
async function expectBillOnTask(page: Page) {
  const bill = page.getByTestId('wf-bill');
  await bill.getByText('入库单 WF-IN-1 · 申请审核').waitFor();
  const header = bill.getByTestId('wf-bill-header');
  await header.getByText('审批货主').first().waitFor();
  await header.getByText('审批仓').first().waitFor();
  expect(await header.textContent()).toContain('总数量6');
  const lines = bill.getByTestId('view-lines-isinstockbilldetail');
  await lines.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
  expect(await lines.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
  await lines.getByText('审批物料').first().waitFor();
}

/** Opens the to-do list and handles the task of the bill: approve; answers the toast's text. */
async function approveNext(page: Page, step: string, check?: (page: Page) => Promise<void>) {
  await page.goto('/flowable/work/start?tab=todo');
  const row = page
    .locator('.ant-table-tbody tr.ant-table-row')
    .filter({ hasText: 'WF-IN-1' })
    .filter({ hasText: step });
  await row.first().waitFor();
  await row
    .first()
    .getByRole('button', { name: spacedOut('办理') })
    .click();
  await page.getByText(`办理: ${step}`).waitFor();
  await check?.(page);
  await page.getByTestId('wf-comment').fill(`${step}同意`);
  return succeeded(page, 'POST', '/api/bl-flowable/task/complete', async () => {
    await page.getByRole('button', { name: spacedOut('同意') }).click();
  });
}

/** The text of the success toast that appears now (Ant Design's message). */
const toastSays = (page: Page, text: string) =>
  page.locator('.ant-message-notice-content').getByText(text, { exact: true }).waitFor();

describe.skipIf(!browserAvailable)('workflow in the browser', () => {
  let contexts: BrowserContext[] = [];
  /** The inbound review's instance: its diagram is shown in each language below. */
  let reviewInstance = '';
  beforeAll(async () => {
    suite = await startSuite();
    await seed();
  }, 300_000);
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await stopSuite(suite);
  });

  it('deploys a two-step approval, requires it for inbound review, and the other user approves it', async () => {
    const admin = await signInAsAdmin(suite, zh);
    contexts.push(admin.context);
    const page = admin.page;
    await page.goto('/definition/designer');
    await page.locator('.bl-wf-designer svg').first().waitFor();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'inbound-two-step.bpmn20.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from(twoStep),
    });
    await page.locator('.bl-wf-designer').getByText('二级审批').waitFor();
    await page.locator('.bl-wf-designer g.djs-element[data-element-id="first"] .djs-hit').click();
    await expect.poll(() => page.getByTestId('wf-prop-candidateUsers').inputValue()).toBe('wfapprover');
    await screenshot(page, 'workflow-designer-zh');
    const deployed = await succeeded(page, 'POST', '/api/bl-flowable/definition/deploy', async () => {
      await page.getByRole('button', { name: spacedOut('部署') }).click();
    });
    expect(deployed.data).toMatchObject({ key: 'inboundTwoStep', version: 1 });

    // Inbound review needs that process's approval.
    await page.getByTestId('wf-approval-entity').click();
    await page.keyboard.type('入库单');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: /^入库单$/ })
      .click();
    await page.getByTestId('wf-approval-action').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: '审核' })
      .first()
      .click();
    // The process is chosen among the deployed ones, by name and key (issue 29, 14).
    await page.getByTestId('wf-approval-key').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: '入库两级审批 (inboundTwoStep)' })
      .click();
    await succeeded(page, 'POST', '/api/bl-flowable/approval/submit', async () => {
      await page.getByRole('button', { name: spacedOut('添加') }).click();
    });
    // The setting names the action by its label and the process by its name.
    const setting = page.getByTestId('wf-approvals').locator('.ant-table-tbody tr.ant-table-row').first();
    await setting.getByText('入库两级审批 (inboundTwoStep)').waitFor();
    expect(
      await setting.locator('td').evaluateAll((cells) => cells.slice(0, 3).map((c) => c.textContent)),
    ).toEqual(['入库单', '审核', '入库两级审批 (inboundTwoStep)']);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'approval-settings-zh');

    // The review button starts the approval: nothing is posted yet.
    await page.goto('/warehousingManagement/isinstockbillForm');
    const row = page
      .locator('[data-testid="crud-isinstockbill"] .ant-table-tbody tr.ant-table-row')
      .filter({ hasText: 'WF-IN-1' });
    // The list screen's code may still be on its way on a loaded machine.
    await row.first().waitFor({ timeout: 60_000 });
    await row.first().locator('.ant-checkbox-input').check();
    const review = () =>
      succeeded(page, 'POST', '/isinstockbill/review?', async () => {
        await page.getByTestId('toolbar-review').click();
        await confirmDialog(page, reviewConfirm, '确定');
      });
    const first = await review();
    // The answer says the approval was asked for, and of whom (issue 29, 3).
    expect(first.msg).toBe('入库单 WF-IN-1 已提交审批（入库两级审批），待 审批人 处理');
    await page.locator('.ant-message-notice').filter({ hasText: '已提交审批' }).waitFor();
    // The bill shows it waits, and for whom; it offers no edit, delete or other action.
    const pending = row.first().getByTestId('pending-approval');
    await pending.waitFor();
    expect(await pending.textContent()).toBe('审批中 · 待 审批人');
    expect(await row.first().getByTestId('row-edit').count()).toBe(0);
    expect(await row.first().getByTestId('row-delete').count()).toBe(0);
    expect(await row.first().getByTestId('row-more').count()).toBe(0);
    expect(await page.getByTestId('toolbar-review').isDisabled()).toBe(true);
    // The state column sits right of the fold at 1440 px: scrolled to, as a reader would.
    await scrollTableRight(page);
    await screenshot(page, 'approval-pending-list-zh');
    await row.first().getByTestId('row-view').click();
    const drawer = page.locator('.bl-view-drawer');
    await drawer.getByTestId('view-locked').filter({ hasText: '入库两级审批，待 审批人 处理' }).waitFor();
    await drawer.getByTestId('pending-approval').waitFor();
    expect(await drawer.getByTestId('view-edit').count()).toBe(0);
    expect(await drawer.getByTestId('view-review').count()).toBe(0);
    await screenshot(page, 'approval-pending-view-zh');
    // Its maker recalls it: the bill is as it was, editable again.
    await succeeded(page, 'POST', '/api/bl-flowable/approval/recall', async () => {
      await drawer.getByTestId('view-recall').click();
      await confirmDialog(page, '撤回后审批流程取消', '确定');
    });
    await drawer.getByTestId('view-edit').waitFor();
    expect(await drawer.getByTestId('view-recall').count()).toBe(0);
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });
    await row.first().getByTestId('row-edit').waitFor();
    expect(await row.first().getByTestId('pending-approval').count()).toBe(0);
    expect(await stockOfWfm()).toBe(0);

    // Asked again; seen in English by the same maker.
    if (!(await row.first().locator('.ant-checkbox-input').isChecked()))
      await row.first().locator('.ant-checkbox-input').check();
    const asked = await review();
    await pending.waitFor();
    const english = await signInAsAdmin(suite, en);
    contexts.push(english.context);
    await english.page.goto('/warehousingManagement/isinstockbillForm');
    const enRow = english.page
      .locator('[data-testid="crud-isinstockbill"] .ant-table-tbody tr.ant-table-row')
      .filter({ hasText: 'WF-IN-1' })
      .first();
    await enRow.waitFor({ timeout: 60_000 });
    expect(await enRow.getByTestId('pending-approval').textContent()).toBe('In approval · with 审批人');
    await scrollTableRight(english.page);
    await screenshot(english.page, 'approval-pending-list-en');
    await enRow.getByTestId('row-view').click();
    await english.page
      .locator('.bl-view-drawer')
      .getByTestId('view-locked')
      .filter({ hasText: 'This bill is awaiting approval (入库两级审批, with 审批人)' })
      .waitFor();
    await english.page.locator('.bl-view-drawer').getByTestId('view-recall').waitFor();
    await screenshot(english.page, 'approval-pending-view-en');
    const instance = (asked.data as { instances: string[] }).instances[0];
    reviewInstance = String(instance);
    expect(await stockOfWfm()).toBe(0);

    // The other user approves both steps from the to-do list.
    const approver = await signInAs('wfapprover', 'Approve-it-9');
    contexts.push(approver.context);
    await approveNext(approver.page, '一级审批', async (task) => {
      await expectBillOnTask(task);
      await screenshot(task, 'approval-task-bill-zh');
    });
    // Each handling says what it did (issue 29, 14).
    await toastSays(approver.page, '已同意');
    expect(await stockOfWfm()).toBe(0);
    // The task links to the bill's view.
    await openTask(approver.page, 'WF-IN-1', '二级审批');
    await approver.page.getByTestId('wf-bill-open').click();
    await approver.page.waitForURL('**/warehousingManagement/isinstockbillFormView?id=*');
    await approver.page.locator('.bl-view-drawer').getByText('WF-IN-1').first().waitFor();
    await approveNext(approver.page, '二级审批');
    await toastSays(approver.page, '已同意，审批已完成');
    expect(await stockOfWfm()).toBe(6);

    await approver.page.goto(`/flowable/work/detail?id=${instance}`);
    await approver.page.locator('.bl-wf-diagram .bl-wf-done').first().waitFor();
    // The diagram's labels are the step names of the page's language (Chinese: as written).
    await expect.poll(() => diagramLabels(approver.page)).toContain('一级审批');
    expect(await approver.page.locator('.bl-wf-diagram .bl-wf-done').count()).toBeGreaterThanOrEqual(3);
    await approver.page.getByText('已完成').first().waitFor();
    await screenshot(approver.page, 'workflow-detail-zh');

    // A form designed at /tool/build/index: an amount (required, at most 5000) and a purpose.
    await page.goto('/tool/build/index');
    await page.getByTestId('ff-form-id').fill('e2eForm');
    await page.getByTestId('ff-form-name').fill('报销单');
    await page.getByTestId('ff-add-number').click();
    await page.getByTestId('ff-name').fill('amount');
    await page.getByTestId('ff-label-zh').fill('金额');
    await page.getByTestId('ff-required').check();
    await page.locator(`[data-testid="ff-max"] input, input[data-testid="ff-max"]`).fill('5000');
    await page.getByTestId('ff-add-text').click();
    await page.getByTestId('ff-name').fill('purpose');
    await page.getByTestId('ff-label-zh').fill('用途');
    await screenshot(page, 'workflow-form-designer-zh');
    const saved = await succeeded(page, 'POST', '/api/bl-flowable/form/save', async () => {
      await page.getByTestId('ff-save').click();
    });
    expect(saved.data).toMatchObject({ formId: 'e2eForm', version: 1 });
    await page.getByTestId('ff-preview').click();
    await page.locator('.ant-modal').getByText('金额').waitFor();
    await page.keyboard.press('Escape');
    await api.call('POST', '/api/bl-flowable/definition/deploy', { xml: formTwoStep });

    // Started through the form: the browser asks for the amount before anything is sent.
    await page.goto('/flowable/work/start');
    await page
      .locator('.ant-table-tbody tr.ant-table-row')
      .filter({ hasText: '报销流程' })
      .getByRole('button', { name: spacedOut('发起') })
      .click();
    const modal = page.locator('.ant-modal:visible');
    await modal.getByRole('button', { name: spacedOut('发起') }).click();
    await modal.getByText('请填写“金额”').waitFor();
    await modal.getByTestId('wf-field-amount').locator('input').fill('120');
    await modal.getByTestId('wf-field-purpose').locator('input').fill('出差');
    const started = await succeeded(page, 'POST', '/api/bl-flowable/process/start', async () => {
      await modal.getByRole('button', { name: spacedOut('发起') }).click();
    });
    const expenseId = (started.data as { id: string }).id;
    await page.getByTestId('wf-todo-count').locator('.ant-badge-count').waitFor();

    // The first step keeps the form's values; the second sends the instance back to it.
    await openTask(page, '报销流程', '第一步');
    await expect.poll(() => page.getByTestId('wf-field-amount').locator('input').inputValue()).toBe('120');
    await succeeded(page, 'POST', '/api/bl-flowable/task/complete', async () => {
      await page.getByRole('button', { name: spacedOut('同意') }).click();
    });
    await openTask(page, '报销流程', '第二步');
    await page.getByTestId('wf-back-step').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: '第一步' })
      .click();
    await page.getByTestId('wf-comment').fill('金额有误');
    await succeeded(page, 'POST', '/api/bl-flowable/task/back', async () => {
      await page.getByRole('button', { name: spacedOut('退回') }).click();
    });
    await page.goto(`/flowable/work/detail?id=${expenseId}`);
    await page
      .locator('.ant-timeline')
      .getByText(/第二步 → 第一步 · 退回 · admin .*金额有误/)
      .waitFor();
    await page.locator('.bl-wf-diagram').waitFor();
    await screenshot(page, 'workflow-back-zh');
    // Sent back, then rejected at the first step: each says so.
    await openTask(page, '报销流程', '第一步');
    await page.getByTestId('wf-comment').fill('不予报销');
    await succeeded(page, 'POST', '/api/bl-flowable/task/reject', async () => {
      await page.getByRole('button', { name: spacedOut('驳回') }).click();
    });
    await toastSays(page, '已驳回，审批已结束');

    // A deployed version opens in the designer as the draft of the next (issue 29, 14).
    await page.goto('/definition/designer');
    const definition = page
      .getByTestId('wf-definitions')
      .locator('.ant-table-tbody tr.ant-table-row')
      .filter({ hasText: 'inboundTwoStep' });
    await definition.getByTestId('wf-definition-open').click();
    await page.getByTestId('wf-opened').filter({ hasText: '基于 inboundTwoStep 第 1 版' }).waitFor();
    await page.locator('.bl-wf-designer').getByText('二级审批').waitFor();
    await toastSays(page, '已打开 inboundTwoStep 第 1 版：修改后部署为新版本，运行中的流程仍按原版本');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'workflow-designer-opened-zh');
    const redeployed = await succeeded(page, 'POST', '/api/bl-flowable/definition/deploy', async () => {
      await page.getByRole('button', { name: spacedOut('部署') }).click();
    });
    expect(redeployed.data).toMatchObject({ key: 'inboundTwoStep', version: 2 });
    for (const context of contexts) await context.close();
    contexts = [];
  }, 240_000);

  it.each([
    [
      'mo',
      {
        languageName: '繁體中文',
        heading: '帳號登入',
        designer: '表單設計器',
        add: '數字',
        step: '一級審批',
        setting: ['入庫單', '審核', '入库两级审批 (inboundTwoStep)'],
        bill: '入庫單 WF-IN-1 · 申請審核',
        opened: '基於 inboundTwoStep 第 2 版',
      },
    ],
    [
      'en',
      {
        languageName: 'English',
        heading: 'Sign in',
        designer: 'Form designer',
        add: 'Number',
        step: 'First approval',
        setting: ['Inbound bill', 'Review', '入库两级审批 (inboundTwoStep)'],
        bill: 'Inbound bill WF-IN-1 · Review requested',
        opened: 'From inboundTwoStep version 2',
      },
    ],
  ] as const)(
    'shows the form designer and the diagram in %s',
    async (language, words) => {
      const { context, page } = await signInAsAdmin(suite, words);
      contexts.push(context);
      await page.goto('/tool/build/index');
      // The page's card title (its tab reads the same words).
      await page.locator('.bl-page-card').getByText(words.designer, { exact: true }).waitFor();
      await page.getByTestId('tab').filter({ hasText: words.designer }).waitFor();
      await page.getByTestId('ff-add-number').click();
      await page.getByTestId('ff-canvas').getByText(words.add).first().waitFor();
      await screenshot(page, `workflow-form-designer-${language}`);
      // The diagram names the steps in the page's language (issue 28, point 4).
      await page.goto(`/flowable/work/detail?id=${reviewInstance}`);
      await page.locator('.bl-wf-diagram .bl-wf-done').first().waitFor();
      await expect.poll(() => diagramLabels(page)).toContain(words.step);
      expect(await diagramLabels(page)).not.toContain('一级审批');
      // The bill it stood for, in the page's language (issue 29, 14).
      await page.getByTestId('wf-bill').getByText(words.bill).waitFor();
      await page
        .getByTestId('view-lines-isinstockbilldetail')
        .locator('.ant-table-tbody tr.ant-table-row')
        .first()
        .waitFor();
      await screenshot(page, `workflow-detail-${language}`);
      // A list path opens one record's view too (the link of a bill with no view route of its own).
      const found = (await api.call('GET', '/api/bl-wms/isinstockbill/list?billNo=WF-IN-1')) as {
        records: { id: string }[];
      };
      await page.goto(`/warehousingManagement/isinstockbill?view=${found.records[0]?.id}`);
      await page.locator('.bl-view-drawer').getByText('WF-IN-1').first().waitFor();
      // The settings name action and process; the newest deployed version opens in the designer.
      await page.goto('/definition/designer');
      const setting = page.getByTestId('wf-approvals').locator('.ant-table-tbody tr.ant-table-row').first();
      await setting.getByText('入库两级审批 (inboundTwoStep)').waitFor();
      expect(
        await setting.locator('td').evaluateAll((cells) => cells.slice(0, 3).map((c) => c.textContent)),
      ).toEqual(words.setting);
      await page
        .getByTestId('wf-definitions')
        .locator('.ant-table-tbody tr.ant-table-row')
        .filter({ hasText: 'inboundTwoStep' })
        .first()
        .getByTestId('wf-definition-open')
        .click();
      await page.getByTestId('wf-opened').filter({ hasText: words.opened }).waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `approval-settings-${language}`);
      await context.close();
      contexts = [];
    },
    120_000,
  );
});
