//! `index.html` of the quick report in a real browser (headless Chromium): the page loads,
//! every figure is decoded and shown with a non-zero size, every internal `#anchor` link
//! lands on an element. Without Chromium the test says so and passes, unless
//! `DUEL_REQUIRE_BROWSER=1` (then it fails).
//!
//! The page is loaded with a small script appended that checks, once the page has loaded,
//! and writes its findings into the DOM, which `chromium --dump-dom` prints.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use duel_report::{build, ReportOptions};

/// The check run in the page after its load event: one line per problem, then `checked`.
const PROBE: &str = r##"<script>
window.addEventListener('load', function () {
  var problems = [];
  var images = document.querySelectorAll('img');
  images.forEach(function (img, i) {
    var box = img.getBoundingClientRect();
    if (!img.complete || img.naturalWidth === 0 || box.width === 0 || box.height === 0) {
      problems.push('figure ' + i + ' (' + img.alt + ') not shown');
    }
  });
  var links = document.querySelectorAll('a[href^="#"]');
  links.forEach(function (a) {
    var id = decodeURIComponent(a.getAttribute('href').slice(1));
    if (!document.getElementById(id)) { problems.push('link #' + id + ' leads nowhere'); }
  });
  var out = document.createElement('pre');
  out.id = 'duel-probe';
  out.textContent = 'images ' + images.length + '\nlinks ' + links.length + '\n' +
    problems.join('\n') + '\nchecked';
  document.body.appendChild(out);
});
</script>"##;

fn chromium() -> Option<PathBuf> {
    let candidates = ["chromium", "chromium-browser", "google-chrome", "chrome"];
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| candidates.iter().map(move |c| dir.join(c)))
        .find(|p| p.is_file())
}

/// The DOM of `page` after load, as Chromium prints it.
fn dump_dom(browser: &Path, page: &Path, profile: &Path) -> String {
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--virtual-time-budget=10000",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg("--dump-dom")
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("chromium runs");
    assert!(
        out.status.success(),
        "chromium failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn index_html_loads_shows_every_figure_and_resolves_every_link() {
    let required = std::env::var("DUEL_REQUIRE_BROWSER").is_ok_and(|v| v == "1");
    let Some(browser) = chromium() else {
        assert!(
            !required,
            "DUEL_REQUIRE_BROWSER=1 but no chromium on PATH (apt-get install chromium)"
        );
        eprintln!("skipped: no chromium on PATH, index.html not checked in a browser");
        return;
    };
    let report = build(
        &ReportOptions {
            quick: true,
            ..Default::default()
        },
        &[],
    )
    .unwrap();
    let dir = std::env::temp_dir().join(format!("duel-report-browser-{}", std::process::id()));
    report.write_to(&dir).unwrap();
    let html = fs::read_to_string(dir.join("index.html")).unwrap();
    let probed = dir.join("probed.html");
    fs::write(
        &probed,
        html.replace("</body>", &format!("{PROBE}\n</body>")),
    )
    .unwrap();
    let dom = dump_dom(&browser, &probed, &dir.join("profile"));
    let _ = fs::remove_dir_all(&dir);

    let probe = dom
        .split("<pre id=\"duel-probe\">")
        .nth(1)
        .and_then(|rest| rest.split("</pre>").next())
        .unwrap_or_else(|| panic!("the page did not load or run its check:\n{dom:.2000}"));
    assert!(probe.ends_with("checked"), "{probe}");
    let lines: Vec<&str> = probe.lines().collect();
    // The sections' figures and the web app's screenshots.
    let figures: usize = report
        .sections
        .iter()
        .map(|s| s.figures.len())
        .sum::<usize>()
        + duel_report::play::SCREENSHOTS.len();
    assert_eq!(lines[0], format!("images {figures}"), "{probe}");
    let links: usize = lines[1]
        .strip_prefix("links ")
        .and_then(|n| n.parse().ok())
        .unwrap();
    assert!(links > 50, "{probe}");
    let problems: Vec<&&str> = lines[2..lines.len() - 1]
        .iter()
        .filter(|l| !l.is_empty())
        .collect();
    assert!(problems.is_empty(), "{problems:#?}");
}
