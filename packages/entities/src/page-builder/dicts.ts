import { type Dict, dict } from '../dicts-core.ts';
import { label } from '../label.ts';

/** Dictionaries of this area (value hints of spec 02 §4), labels in zh, mo and en. */
export const pageBuilderDicts = {
  /** spec 02 §4: project state -1 unpublished, 1 published. */
  projectState: dict('projectState', label('发布状态', '發佈狀態', 'Publication'), [
    ['-1', label('未发布', '未發佈', 'Unpublished')],
    ['1', label('已发布', '已發佈', 'Published')],
  ]),
  /** spec 02 §4: project isDelete 1 deleted (in the recycle bin), -1 not deleted. */
  projectIsDelete: dict('projectIsDelete', label('删除标记', '刪除標記', 'Deleted mark'), [
    ['-1', label('未删除', '未刪除', 'Not deleted')],
    ['1', label('已删除', '已刪除', 'Deleted')],
  ]),
  /** The interface languages a message is written in (language.lang). */
  pageLang: dict('pageLang', label('语言', '語言', 'Language'), [
    ['zh', label('简体中文', '簡體中文', 'Simplified Chinese')],
    ['mo', label('繁体中文', '繁體中文', 'Traditional Chinese')],
    ['en', label('英文', '英文', 'English')],
  ]),
  /** What a page method does: call a service, run a script, or open another page. */
  pageMethodType: dict('pageMethodType', label('方法类型', '方法類型', 'Method type'), [
    ['1', label('调用接口', '呼叫介面', 'Call a service')],
    ['2', label('执行脚本', '執行腳本', 'Run a script')],
    ['3', label('页面跳转', '頁面跳轉', 'Open a page')],
  ]),
  /** Button look, as the web's button types name it. */
  pageBtnType: dict('pageBtnType', label('按钮类型', '按鈕類型', 'Button type'), [
    ['primary', label('主按钮', '主按鈕', 'Primary')],
    ['default', label('默认按钮', '預設按鈕', 'Default')],
    ['dashed', label('虚线按钮', '虛線按鈕', 'Dashed')],
    ['link', label('链接按钮', '連結按鈕', 'Link')],
    ['text', label('文字按钮', '文字按鈕', 'Text')],
    ['danger', label('危险按钮', '危險按鈕', 'Danger')],
  ]),
  /** Where a page button sits. */
  pageBtnSpace: dict('pageBtnSpace', label('按钮位置', '按鈕位置', 'Button place'), [
    ['menu', label('表格上方工具栏', '表格上方工具列', 'Toolbar above the table')],
    ['row', label('表格行内', '表格行內', 'In each table row')],
    ['form', label('表单底部', '表單底部', 'Form footer')],
  ]),
} satisfies Record<string, Dict>;
