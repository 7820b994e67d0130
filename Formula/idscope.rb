# Homebrew formula: builds idscope from source and installs the binary, its man page and its bash,
# zsh and fish completions (`make install`). Not run by this project: it has no Mac and no Homebrew.
#
# Homebrew takes formulae from taps only. Until the project has a tap of its own:
#   brew tap-new "$USER/local"
#   cp Formula/idscope.rb "$(brew --repository "$USER/local")/Formula/"
#   brew install --HEAD "$USER/local/idscope"
# with `head` below pointing at the repository you cloned (a `file://` path works): the project has
# no public address yet, and the two below are where it means to publish.
class Idscope < Formula
  desc "Simulates how iOS identifiers (IDFV, IDFA, keychain GUIDs) live and die"
  homepage "https://github.com/idscope/idscope"
  head "https://github.com/idscope/idscope.git", branch: "main"

  depends_on xcode: ["26.0", :build]   # Swift 6.2: the dependencies' minimum tools version
  depends_on "pkgconf" => :build       # finds libyaml's headers under Homebrew's prefix
  depends_on "libyaml"
  depends_on macos: :sequoia           # Package.swift: macOS 15
  uses_from_macos "ncurses"

  def install
    # Homebrew's own sandbox forbids SwiftPM's.
    system "make", "install", "PREFIX=#{prefix}", "SWIFT_FLAGS=--disable-sandbox"
  end

  test do
    assert_match "PASS tour", shell_output("#{bin}/idscope check tour")
    assert_match "firebase-installations", shell_output("#{bin}/idscope strategies")
  end
end
