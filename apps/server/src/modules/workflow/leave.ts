import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/database.ts';
import type { AuthContext } from '../../http/context.ts';
import { deploy } from './engine.ts';

/**
 * The leave process that ships with the product (spec 01's /task/process/leave/... routes):
 * the leave form starts it, the administrator role approves, more than 3 days also needs the
 * administrator's second approval, and the administrator is copied (HR in a real tenant: edit
 * `copyTo` and the groups in the designer). Deployed once per demo tenant; its names are given
 * in the three languages (`flowable:nameMo`, `nameEn`). It opts into nothing of amendment 4 of
 * ADR 0027: its starter approves none of its steps, and `days`, given at the start, is read by
 * the gateway as given (a start value no step is given as writable: no approver can change it).
 */
export const leaveModel = (
  managerGroup: string,
  secondUser: string,
  copyTo: string,
  /** The names in Traditional Chinese and English too (the first seeded version had none). */
  named = true,
) => {
  const n = (mo: string, en: string) => (named ? ` flowable:nameMo="${mo}" flowable:nameEn="${en}"` : '');
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC"
  xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:flowable="http://flowable.org/bpmn"
  targetNamespace="http://bl/leave">
  <process id="leave" name="请假流程"${n('請假流程', 'Leave request')} isExecutable="true">
    <startEvent id="start" name="提交请假"${n('提交請假', 'Submit leave')} flowable:formKey="leaveForm" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="manager" />
    <userTask id="manager" name="主管审批"${n('主管審批', 'Manager approval')} flowable:candidateGroups="${managerGroup}" flowable:formKey="leaveForm" flowable:dueDate="P1D" />
    <sequenceFlow id="f2" sourceRef="manager" targetRef="days" />
    <exclusiveGateway id="days" name="天数"${n('天數', 'Days')} default="short" />
    <sequenceFlow id="long" name="&gt; 3 天" sourceRef="days" targetRef="second">
      <conditionExpression xsi:type="tFormalExpression">\${days &gt; 3}</conditionExpression>
    </sequenceFlow>
    <sequenceFlow id="short" sourceRef="days" targetRef="hr" />
    <userTask id="second" name="经理审批"${n('經理審批', 'Second approval')} flowable:assignee="${secondUser}" flowable:formKey="leaveForm" />
    <sequenceFlow id="f3" sourceRef="second" targetRef="hr" />
    <serviceTask id="hr" name="抄送人事"${n('抄送人事', 'Copy to HR')} flowable:expression="\${copy}" flowable:copyTo="${copyTo}" />
    <sequenceFlow id="f4" sourceRef="hr" targetRef="end" />
    <endEvent id="end" name="结束"${n('結束', 'End')} />
  </process>
  <bpmndi:BPMNDiagram id="diagram">
    <bpmndi:BPMNPlane id="plane" bpmnElement="leave">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="100" y="182" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="manager_di" bpmnElement="manager"><dc:Bounds x="190" y="160" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="days_di" bpmnElement="days" isMarkerVisible="true"><dc:Bounds x="345" y="175" width="50" height="50" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="second_di" bpmnElement="second"><dc:Bounds x="450" y="60" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="hr_di" bpmnElement="hr"><dc:Bounds x="610" y="160" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="770" y="182" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="f1_di" bpmnElement="f1"><di:waypoint x="136" y="200" /><di:waypoint x="190" y="200" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f2_di" bpmnElement="f2"><di:waypoint x="290" y="200" /><di:waypoint x="345" y="200" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="long_di" bpmnElement="long"><di:waypoint x="370" y="175" /><di:waypoint x="370" y="100" /><di:waypoint x="450" y="100" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="short_di" bpmnElement="short"><di:waypoint x="395" y="200" /><di:waypoint x="610" y="200" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f3_di" bpmnElement="f3"><di:waypoint x="550" y="100" /><di:waypoint x="660" y="100" /><di:waypoint x="660" y="160" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f4_di" bpmnElement="f4"><di:waypoint x="710" y="200" /><di:waypoint x="770" y="200" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</definitions>`;
};

/** Deploys the leave process in a tenant that has none (its administrator role and admin user). */
export async function seedLeaveProcess(database: Database, tenantId: string): Promise<void> {
  await database.withTenant(tenantId, async (tx) => {
    // Several processes may start on one empty database at once: one deploys, the others find it.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`bl-seed-leave:${tenantId}`}))`);
    const [present] = await queryRows<{ xml: string }>(
      tx,
      sql`select xml from bl_wf_definition where process_key = 'leave' order by version desc limit 1`,
    );
    const [admin] = await queryRows<{ id: string; roleId: string }>(
      tx,
      sql`select u.id::text as id, r.id::text as "roleId" from blade_user u
          join blade_role r on r.is_administrator and r.is_deleted = 0
          where u.account = 'admin' and u.is_deleted = 0 order by u.id, r.id limit 1`,
    );
    if (!admin) return;
    // Present: kept, unless it is the first seeded version untouched (names in Chinese only),
    // which the named version follows.
    if (present && present.xml !== leaveModel(admin.roleId, admin.id, admin.id, false)) return;
    const auth: AuthContext = {
      tenantId,
      userId: admin.id,
      sessionId: '',
      clientId: 'seed',
      account: 'admin',
      userName: 'admin',
      roleIds: [admin.roleId],
      roleAliases: [],
      allPowerful: true,
      deptId: '',
    };
    await deploy(tx, auth, { xml: leaveModel(admin.roleId, admin.id, admin.id) });
  });
}
