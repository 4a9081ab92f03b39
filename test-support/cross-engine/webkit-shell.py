#!/usr/bin/python3
"""
The window WebKitWebDriver drives (webkit-page.ts): a bare WebKitGTK web view,
as MiniBrowser's, plus what MiniBrowser lacks: a script of the suite's that
runs at each document's start, before the page's own (Playwright's
addInitScript). Options: --automation (required), --enable-javascript=false,
--init-script FILE.
"""
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import Gtk, WebKit2  # noqa: E402

NAME = "webkit-shell"

if "--automation" not in sys.argv:
    sys.exit(f"{NAME}: only WebKitWebDriver starts this (--automation)")
init_file = sys.argv[sys.argv.index("--init-script") + 1] if "--init-script" in sys.argv else None
settings = WebKit2.Settings(enable_javascript="--enable-javascript=false" not in sys.argv)
contents = WebKit2.UserContentManager()
if init_file:
    with open(init_file, encoding="utf-8") as script:
        contents.add_script(
            WebKit2.UserScript(
                script.read(),
                WebKit2.UserContentInjectedFrames.TOP_FRAME,
                WebKit2.UserScriptInjectionTime.START,
                None,
                None,
            )
        )

# a session of its own, kept in memory, as MiniBrowser's under automation
context = WebKit2.WebContext.new_ephemeral()
context.set_automation_allowed(True)


def create_web_view(_session):
    view = WebKit2.WebView(
        web_context=context, user_content_manager=contents, settings=settings, is_controlled_by_automation=True
    )
    window = Gtk.Window()
    window.add(view)
    view.connect("close", lambda _view: window.destroy())
    window.show_all()
    return view


def automation_started(_context, session):
    info = WebKit2.ApplicationInfo()
    info.set_name(NAME)
    info.set_version(WebKit2.get_major_version(), WebKit2.get_minor_version(), WebKit2.get_micro_version())
    session.set_application_info(info)
    session.connect("create-web-view", create_web_view)


context.connect("automation-started", automation_started)
Gtk.main()
