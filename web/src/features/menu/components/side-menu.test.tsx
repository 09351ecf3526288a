import { describe, expect, it } from 'vitest';
import { render, screen, userEvent } from '@/testing/test-utils';
import { administrationMenu, seededTeacherMenu, teacherMenu } from '@/testing/fixtures';
import { menuRouteName, menuTarget } from '../menu-target';
import { SideMenu } from './side-menu';

describe('menu targets', () => {
  it('capitalises the url to find the route', () => {
    expect(menuRouteName({ url: 'knowledgeRepository' })).toBe('KnowledgeRepository');
    expect(menuTarget({ url: 'knowledgeRepository' })).toBe('/knowledgeRepository');
    expect(menuTarget({ url: 'paperLibrary' })).toBe('/knowledgeSelection/paperLibrary');
    expect(menuTarget({ url: '/someOther/page' })).toBe('/someOther/page');
    // Children whose capitalised url names no route resolve under their parent.
    expect(menuTarget({ url: 'welcomePage' }, '/aiAssistant')).toBe('/aiAssistant/welcomePage');
    expect(menuTarget({ url: 'statistics' }, '/knowledgeRepository')).toBe('/knowledgeRepository/statistics');
  });
});

describe('SideMenu', () => {
  it('puts Home first, a divider after the knowledge repository, and marks the active item', () => {
    render(<SideMenu menu={teacherMenu} open aiUnread={0} />, { route: '/main/home' });
    const nav = screen.getByRole('navigation', { name: '主菜单' });
    const links = nav.querySelectorAll('a, button');
    expect(links[0]).toHaveTextContent('首页');
    expect(screen.getByRole('link', { name: '首页' })).toHaveAttribute('aria-current', 'page');
    const divider = screen.getByTestId('menu-divider');
    const repo = screen.getByRole('link', { name: '知识库' });
    expect(repo.compareDocumentPosition(divider) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByLabelText(/未读/)).not.toBeInTheDocument();
  });

  it('caps the AI assistant badge at 99', () => {
    render(<SideMenu menu={teacherMenu} open aiUnread={150} />, { route: '/main/home' });
    expect(screen.getByLabelText('未读 99+')).toBeInTheDocument();
  });

  it('shows the AI assistant badge up to 99 as the count, and hides it at 0', () => {
    const { unmount } = render(<SideMenu menu={teacherMenu} open aiUnread={99} />, { route: '/main/home' });
    expect(screen.getByLabelText('未读 99')).toBeInTheDocument();
    unmount();
    render(<SideMenu menu={teacherMenu} open aiUnread={0} />, { route: '/main/home' });
    expect(screen.getByText('AI 助手')).toBeInTheDocument();
    expect(screen.queryByLabelText(/未读/)).not.toBeInTheDocument();
  });

  it('shows a group whose one child has its name as one entry', () => {
    render(<SideMenu menu={seededTeacherMenu} open />, { route: '/main/home' });
    const ai = screen.getAllByRole('link', { name: 'AI助手' });
    expect(ai).toHaveLength(1);
    expect(ai[0]).toHaveAttribute('href', '/aiAssistant/welcomePage');
    // A group with other children stays a group (it opens, it leads nowhere itself).
    expect(screen.getByText('易服务')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '易服务' })).not.toBeInTheDocument();
  });

  it('collapsed, shows each top-level item as an icon named in a tooltip, not a cut label', async () => {
    render(<SideMenu menu={seededTeacherMenu} open={false} />, { route: '/main/home' });
    const nav = screen.getByRole('navigation', { name: '主菜单' });
    expect(nav.textContent).toBe('');
    const service = screen.getByRole('link', { name: '易服务' });
    expect(service.querySelector('svg[data-icon="EASYSERVER"]')).toBeInTheDocument();
    // A group leads to its first page.
    expect(service).toHaveAttribute('href', '/easyServer/myStudent/studentList');
    await userEvent.hover(service);
    expect(await screen.findByRole('tooltip', { name: '易服务' })).toBeInTheDocument();
  });

  it("shows an item's badge beside its name, and leads an administration entry to its page", () => {
    const menu = [
      {
        ...administrationMenu,
        children: administrationMenu.children.map((c) => (c.url === 'adminAuditLog' ? { ...c, badge: '新' } : c)),
      },
    ];
    render(<SideMenu menu={menu} open />, { route: '/administration/auditLog' });
    const audit = screen.getByRole('link', { name: /审计日志/ });
    expect(audit).toHaveAttribute('href', '/administration/auditLog');
    expect(audit).toHaveAttribute('aria-current', 'page');
    expect(audit.querySelector('[data-menu-badge]')).toHaveTextContent('新');
    expect(screen.getByRole('link', { name: '组织架构' })).toHaveAttribute('href', '/administration/org');
    expect(screen.getByRole('link', { name: '组织架构' }).querySelector('[data-menu-badge]')).toBeNull();
  });
});
