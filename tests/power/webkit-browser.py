#!/usr/bin/python3
"""A WebKitGTK browser that WebKitWebDriver can drive and that keeps its website data in a folder.

Debian's MiniBrowser, started by WebKitWebDriver (`--automation`), always takes an ephemeral (in-memory)
profile: nothing of IndexedDB reaches a disk, so a power cut would have nothing to drop. This is the same
engine (WebKitGTK 4.1 through GObject introspection, Debian's gir1.2-webkit2-4.1) with a persistent
profile: WEBKIT_POWER_PROFILE names the folder for its data and cache. WebKitWebDriver starts it as it
starts MiniBrowser (`webkitgtk:browserOptions` binary and args) and talks to it through the automation
session the web context opens.
"""

import os
import sys

import gi

gi.require_version('Gtk', '3.0')
gi.require_version('WebKit2', '4.1')
from gi.repository import Gtk, WebKit2  # noqa: E402

NAME = 'PowerBrowser'


def main():
    profile = os.environ.get('WEBKIT_POWER_PROFILE')
    if not profile:
        sys.stderr.write('WEBKIT_POWER_PROFILE must name the profile folder\n')
        return 2
    manager = WebKit2.WebsiteDataManager(
        base_data_directory=os.path.join(profile, 'data'),
        base_cache_directory=os.path.join(profile, 'cache'),
    )
    context = WebKit2.WebContext(website_data_manager=manager)
    # No HTTP cache (the document-viewer model keeps none, on disk or in memory): WebKit's network cache
    # wrote hundreds of files at a page's first load, each through the Python file system. It holds nothing
    # of a page's storage: IndexedDB, the service worker and its caches are kept as before.
    context.set_cache_model(WebKit2.CacheModel.DOCUMENT_VIEWER)
    context.set_automation_allowed(True)
    windows = []

    def new_view(session):
        view = WebKit2.WebView(web_context=context, is_controlled_by_automation=True)
        settings = view.get_settings()
        settings.set_enable_developer_extras(True)
        window = Gtk.Window()
        window.set_default_size(1280, 800)
        window.add(view)
        window.connect('destroy', lambda _window: windows.remove(window) if window in windows else None)
        window.show_all()
        windows.append(window)
        return view

    def automation_started(_context, session):
        info = WebKit2.ApplicationInfo()
        info.set_name(NAME)
        info.set_version(WebKit2.get_major_version(), WebKit2.get_minor_version(), WebKit2.get_micro_version())
        session.set_application_info(info)
        session.connect('create-web-view', new_view)

    context.connect('automation-started', automation_started)
    Gtk.main()
    return 0


if __name__ == '__main__':
    sys.exit(main())
