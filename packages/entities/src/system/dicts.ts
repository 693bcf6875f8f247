import { type Dict, dict } from '../dicts-core.ts';
import { label } from '../label.ts';

/** Dictionaries of system administration, labels in zh, mo and en. */
export const systemDicts = {
  /** Who a staff member (and a user, spec 02 §3.2 user.staffType) works for. */
  staffType: dict('staffType', label('人员类型', '人員類型', 'Staff type'), [
    ['1', label('内部员工', '內部員工', 'Internal staff')],
    ['2', label('货主人员', '貨主人員', 'Owner staff')],
    ['3', label('供应商人员', '供應商人員', 'Supplier staff')],
    ['4', label('承运商人员', '承運商人員', 'Carrier staff')],
    ['5', label('外包人员', '外包人員', 'Contractor')],
  ]),
  /** The third-party logins of the sign-in screen (spec 02 §2). */
  oauthSource: dict('oauthSource', label('第三方平台', '第三方平台', 'Login provider'), [
    ['wechat', label('微信', '微信', 'WeChat')],
    ['qq', label('QQ', 'QQ', 'QQ')],
    ['github', label('GitHub', 'GitHub', 'GitHub')],
    ['gitee', label('Gitee', 'Gitee', 'Gitee')],
  ]),
  /** When a serial number starts again from its lowest value. */
  seqResetCycle: dict('seqResetCycle', label('重置周期', '重置週期', 'Reset cycle'), [
    ['0', label('不重置', '不重置', 'Never')],
    ['1', label('每天', '每天', 'Daily')],
    ['2', label('每月', '每月', 'Monthly')],
    ['3', label('每年', '每年', 'Yearly')],
  ]),
  /** The date part written between the prefix and the number (values are the patterns). */
  seqDatePattern: dict('seqDatePattern', label('日期格式', '日期格式', 'Date pattern'), [
    ['yyyyMMdd', label('年月日（yyyyMMdd）', '年月日（yyyyMMdd）', 'Year, month, day (yyyyMMdd)')],
    ['yyMMdd', label('短年月日（yyMMdd）', '短年月日（yyMMdd）', 'Short year, month, day (yyMMdd)')],
    ['yyyyMM', label('年月（yyyyMM）', '年月（yyyyMM）', 'Year and month (yyyyMM)')],
    ['yyyy', label('年（yyyy）', '年（yyyy）', 'Year (yyyy)')],
  ]),
  /** Whether a tenant may sign in. */
  enabledStatus: dict('enabledStatus', label('启用状态', '啟用狀態', 'Enabled'), [
    ['1', label('启用', '啟用', 'Enabled')],
    ['0', label('停用', '停用', 'Disabled')],
  ]),
  /** Whether an account may sign in. */
  userStatus: dict('userStatus', label('账号状态', '帳號狀態', 'Account status'), [
    ['1', label('正常', '正常', 'Active')],
    ['0', label('停用', '停用', 'Disabled')],
    ['2', label('待审核', '待審核', 'Awaiting approval')],
  ]),
  /**
   * What an operation-log row records: the generic writes, sign-ins, prints, imports, exports
   * and the actions of bills (the bill-flow engine logs an action under its own name; a name
   * missing here still reads as words on screen).
   */
  auditAction: dict('auditAction', label('操作类型', '操作類型', 'Action'), [
    ['create', label('新增', '新增', 'Create')],
    ['update', label('修改', '修改', 'Update')],
    ['delete', label('删除', '刪除', 'Delete')],
    ['signIn', label('登录成功', '登入成功', 'Signed in')],
    ['signInFailed', label('登录失败', '登入失敗', 'Sign-in failed')],
    ['signOut', label('退出登录', '登出', 'Signed out')],
    ['print', label('打印', '列印', 'Print')],
    ['import', label('导入', '匯入', 'Import')],
    ['export', label('导出', '匯出', 'Export')],
    ['review', label('审核', '審核', 'Review')],
    ['unreview', label('反审核', '反審核', 'Unreview')],
    ['confirm', label('确认', '確認', 'Confirm')],
    ['unconfirm', label('取消确认', '取消確認', 'Unconfirm')],
    ['cancel', label('作废', '作廢', 'Cancel')],
    ['close', label('关闭', '關閉', 'Close')],
    ['sort', label('分拣', '分揀', 'Sort')],
    ['putaway', label('上架', '上架', 'Put away')],
    // The billing month close and its audited reopen (ADR 0031, 0039).
    ['monthClose', label('月结', '月結', 'Month closed')],
    ['monthReopen', label('反月结', '反月結', 'Month reopened')],
  ]),
  /**
   * The catalogue's entities by name (`isinstockbill` → 入库单): for columns that hold an
   * entity's name (the operation log's object, the stock stream's bill type). Its values are
   * the registry's, filled in by registry.ts: written here they would import every entity.
   */
  entityName: dict('entityName', label('业务对象', '業務對象', 'Object'), []),
  /** Menu rows: a screen in the side menu, or a button within a screen. */
  menuCategory: dict('menuCategory', label('菜单类型', '選單類型', 'Menu type'), [
    ['1', label('菜单', '選單', 'Menu')],
    ['2', label('按钮', '按鈕', 'Button')],
  ]),
  /** Where a button shows on its screen (SpringBlade's action). */
  menuAction: dict('menuAction', label('按钮功能', '按鈕功能', 'Button position'), [
    ['0', label('工具栏', '工具列', 'Toolbar')],
    ['1', label('操作栏', '操作欄', 'Row actions')],
    ['2', label('工具操作栏', '工具操作欄', 'Toolbar and row actions')],
  ]),
  /** Whether a menu opens in a new browser window (SpringBlade: 1 no, 2 yes). */
  menuOpen: dict('menuOpen', label('新窗口', '新視窗', 'New window'), [
    ['1', label('否', '否', 'No')],
    ['2', label('是', '是', 'Yes')],
  ]),
  /** SpringBlade's organisation categories. */
  dataScopeType: dict('dataScopeType', label('数据范围', '資料範圍', 'Data scope'), [
    ['1', label('全部', '全部', 'All')],
    ['2', label('本人', '本人', 'Own data only')],
    ['3', label('本部门', '本部門', 'Own department')],
    ['4', label('本部门及下级部门', '本部門及下級部門', 'Own department and sub-departments')],
    ['5', label('自定义', '自訂', 'Custom')],
  ]),
  deptCategory: dict('deptCategory', label('机构类型', '機構類型', 'Organisation type'), [
    ['1', label('公司', '公司', 'Company')],
    ['2', label('部门', '部門', 'Department')],
    ['3', label('小组', '小組', 'Team')],
  ]),
  /** SpringBlade's post categories. */
  postCategory: dict('postCategory', label('岗位类型', '崗位類型', 'Post category'), [
    ['1', label('高层', '高層', 'Senior management')],
    ['2', label('中层', '中層', 'Middle management')],
    ['3', label('基层', '基層', 'Front line')],
    ['4', label('其他', '其他', 'Other')],
  ]),
  /** Object storage back ends; 1 to 4 keep SpringBlade's numbering. */
  ossCategory: dict('ossCategory', label('存储类型', '存儲類型', 'Storage type'), [
    ['1', label('MinIO', 'MinIO', 'MinIO')],
    ['2', label('七牛云', '七牛雲', 'Qiniu Kodo')],
    ['3', label('阿里云OSS', '阿里雲OSS', 'Aliyun OSS')],
    ['4', label('腾讯云COS', '騰訊雲COS', 'Tencent COS')],
    ['5', label('本地磁盘', '本地磁碟', 'Local disk')],
  ]),
  /** Workflow delFlag (spec 02 §4): 0 existing, 2 deleted. */
  wfDelFlag: dict('wfDelFlag', label('流程删除标志', '流程刪除標誌', 'Workflow deletion flag'), [
    ['0', label('存在', '存在', 'Existing')],
    ['2', label('已删除', '已刪除', 'Deleted')],
  ]),
} satisfies Record<string, Dict>;
