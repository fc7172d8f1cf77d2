# ctxmode installer for Windows (Windows PowerShell 5.1 or PowerShell 7; no admin rights needed).
#
#   irm https://github.com/ctxmode/ctxmode/releases/latest/download/install.ps1 | iex
#   & ([scriptblock]::Create((irm https://github.com/ctxmode/ctxmode/releases/latest/download/install.ps1))) -Version 0.1.0
#   .\install.ps1 -Archive .\ctxmode-windows-x64.zip -Sums .\SHA256SUMS      # offline, no network
#
# Downloads the zip for this machine and SHA256SUMS, refuses to go on unless the zip's sha256
# matches, checks that the binary runs, installs it into %USERPROFILE%\.ctxmode\bin and adds that
# folder to the user PATH in the registry (HKCU\Environment), once.
param(
  [string]$Version = "",
  [string]$Archive = "",
  [string]$Sums = "",
  [string]$InstallDir = "",
  [string]$Target = "",
  [switch]$NoModifyPath,
  [switch]$Uninstall,
  [switch]$DryRun
)

$ErrorActionPreference = "Stop"
$ProgressPreference = "SilentlyContinue"
$Repo = "ctxmode/ctxmode"

# Errors are thrown, not `exit`ed: under `irm … | iex` an exit would close the user's terminal.
class InstallError : System.Exception { InstallError([string]$m) : base($m) {} }
function Fail([string]$Message) { throw [InstallError]::new($Message) }

if (-not $InstallDir) { $InstallDir = $env:CTXMODE_INSTALL_DIR }
if (-not $InstallDir) { $InstallDir = Join-Path $env:USERPROFILE ".ctxmode\bin" }
$Version = $Version -replace "^v", ""
$Exe = Join-Path $InstallDir "ctxmode.exe"

function Get-UserPath {
  $key = [Microsoft.Win32.Registry]::CurrentUser.OpenSubKey("Environment")
  # Read the raw value so %VARIABLES% in it are kept, not expanded into the stored PATH.
  $value = $key.GetValue("Path", "", [Microsoft.Win32.RegistryValueOptions]::DoNotExpandEnvironmentNames)
  $key.Close()
  return [string]$value
}

function Set-UserPath([string]$Value) {
  $key = [Microsoft.Win32.Registry]::CurrentUser.OpenSubKey("Environment", $true)
  $kind = if ($Value -match "%") { [Microsoft.Win32.RegistryValueKind]::ExpandString } else { [Microsoft.Win32.RegistryValueKind]::String }
  $key.SetValue("Path", $Value, $kind)
  $key.Close()
  # Setting any user variable through .NET broadcasts WM_SETTINGCHANGE, so new terminals see the PATH.
  [Environment]::SetEnvironmentVariable("CTXMODE_INSTALLER_REFRESH", "1", "User")
  [Environment]::SetEnvironmentVariable("CTXMODE_INSTALLER_REFRESH", $null, "User")
}

function Split-PathList([string]$Value) {
  return @($Value -split ";" | Where-Object { $_ -ne "" })
}

function Invoke-Uninstall {
  if (Test-Path $Exe) { Remove-Item -Force $Exe; Write-Host "removed $Exe" } else { Write-Host "no ctxmode.exe in $InstallDir" }
  Remove-Item -Force -ErrorAction SilentlyContinue (Join-Path $InstallDir "ctxmode.old.exe")
  if ((Test-Path $InstallDir) -and -not (Get-ChildItem $InstallDir -Force)) { Remove-Item $InstallDir }
  $entries = Split-PathList (Get-UserPath)
  if ($entries -contains $InstallDir) {
    Set-UserPath ((@($entries | Where-Object { $_ -ne $InstallDir })) -join ";")
    Write-Host "removed $InstallDir from the user PATH"
  }
  $data = if ($env:CTXMODE_DATA_DIR) { $env:CTXMODE_DATA_DIR } else { Join-Path $env:USERPROFILE ".ctxmode" }
  Write-Host "kept your data in $data (delete that folder to remove it too)"
}

function Get-Target {
  $arch = $null
  try { $arch = [string][System.Runtime.InteropServices.RuntimeInformation]::OSArchitecture } catch { }
  if (-not $arch) { $arch = if ($env:PROCESSOR_ARCHITEW6432) { $env:PROCESSOR_ARCHITEW6432 } else { $env:PROCESSOR_ARCHITECTURE } }
  switch -Regex ($arch) {
    "^(X64|AMD64)$" { return "windows-x64" }
    "^(Arm64|ARM64)$" { return "windows-arm64" }
    default { Fail "no ctxmode binary for $arch Windows; with Node >= 22.13 use: npm i -g ctxmode" }
  }
}

function Get-Sha256([string]$Path) {
  return (Get-FileHash -Algorithm SHA256 -LiteralPath $Path).Hash.ToLowerInvariant()
}

function Get-ExpectedSha256([string]$SumsFile, [string]$Name) {
  foreach ($line in Get-Content -LiteralPath $SumsFile) {
    if ($line -match "^([0-9a-fA-F]{64}) [ *](.+)$" -and $Matches[2] -eq $Name) { return $Matches[1].ToLowerInvariant() }
  }
  return $null
}

function Save-Url([string]$Url, [string]$Path) {
  $curl = Get-Command curl.exe -ErrorAction SilentlyContinue
  if ($curl) {
    & $curl.Source -fsSL --retry 2 -o $Path $Url
    if ($LASTEXITCODE -ne 0) { Fail "download failed: $Url" }
  } else {
    try { Invoke-WebRequest -UseBasicParsing -Uri $Url -OutFile $Path } catch { Fail "download failed: $Url ($($_.Exception.Message))" }
  }
}

function Invoke-Install {
  if ($Archive) {
    if (-not (Test-Path -LiteralPath $Archive)) { Fail "no such archive: $Archive" }
    $Archive = (Resolve-Path -LiteralPath $Archive).Path
    if (-not $Sums) { $Sums = Join-Path (Split-Path -Parent $Archive) "SHA256SUMS" }
    if (-not (Test-Path -LiteralPath $Sums)) { Fail "no SHA256SUMS to verify $Archive against; pass -Sums FILE" }
    $Name = Split-Path -Leaf $Archive
    if ($Name -notmatch "^ctxmode-(windows-[a-z0-9]+)\.zip$") { Fail "$Name is not a ctxmode Windows archive (ctxmode-windows-<arch>.zip)" }
    $Target = $Matches[1]
  } else {
    if (-not $Target) { $Target = Get-Target }
    $Name = "ctxmode-$Target.zip"
    $Base = if ($env:CTXMODE_RELEASE_URL) { $env:CTXMODE_RELEASE_URL.TrimEnd("/") }
            elseif ($Version) { "https://github.com/$Repo/releases/download/v$Version" }
            else { "https://github.com/$Repo/releases/latest/download" }
  }

  if ($DryRun) {
    Write-Host "target:      $Target"
    if ($Archive) { Write-Host "archive:     $Archive"; Write-Host "sums:        $Sums" }
    else { Write-Host "archive:     $Base/$Name"; Write-Host "sums:        $Base/SHA256SUMS" }
    Write-Host "install to:  $Exe"
    return
  }

  $Tmp = Join-Path ([System.IO.Path]::GetTempPath()) ("ctxmode-" + [System.Guid]::NewGuid().ToString("N"))
  New-Item -ItemType Directory -Path $Tmp | Out-Null
  try {
    if (-not $Archive) {
      Write-Host "downloading $Name"
      $Archive = Join-Path $Tmp $Name
      $Sums = Join-Path $Tmp "SHA256SUMS"
      Save-Url "$Base/$Name" $Archive
      Save-Url "$Base/SHA256SUMS" $Sums
    }

    $expected = Get-ExpectedSha256 $Sums $Name
    if (-not $expected) { Fail "SHA256SUMS has no line for $Name; refusing to install an unverified archive" }
    $actual = Get-Sha256 $Archive
    if ($actual -ne $expected) { Fail "checksum mismatch for $Name (expected $expected, got $actual); refusing to install" }
    Write-Host "verified sha256 of $Name"

    $unpacked = Join-Path $Tmp "unpacked"
    Expand-Archive -LiteralPath $Archive -DestinationPath $unpacked -Force
    $bin = Join-Path $unpacked "ctxmode-$Target\ctxmode.exe"
    if (-not (Test-Path -LiteralPath $bin)) { Fail "$Name does not hold ctxmode-$Target\ctxmode.exe" }

    $got = (& $bin --version 2>&1 | Out-String).Trim()
    if ($LASTEXITCODE -ne 0) {
      # 0xC0000135 STATUS_DLL_NOT_FOUND: the Visual C++ runtime is missing.
      if ($LASTEXITCODE -eq -1073741515) { Fail "the binary needs the Microsoft Visual C++ Redistributable: winget install Microsoft.VCRedist.2015+.x64" }
      Fail "the binary does not run here (exit $LASTEXITCODE): $got"
    }
    $got = $got -replace "^ctxmode ", ""
    if ($Version -and $got -ne $Version) { Fail "asked for $Version but the archive holds $got" }

    New-Item -ItemType Directory -Force -Path $InstallDir | Out-Null
    $staged = Join-Path $InstallDir "ctxmode.exe.new"
    Copy-Item -Force -LiteralPath $bin -Destination $staged
    if (Test-Path -LiteralPath $Exe) {
      # A running exe cannot be overwritten but can be renamed; the old copy is removed next time.
      $old = Join-Path $InstallDir "ctxmode.old.exe"
      Remove-Item -Force -ErrorAction SilentlyContinue $old
      Move-Item -Force -LiteralPath $Exe -Destination $old
    }
    Move-Item -Force -LiteralPath $staged -Destination $Exe
    Write-Host "installed ctxmode $got to $Exe"
  } finally {
    Remove-Item -Recurse -Force -ErrorAction SilentlyContinue $Tmp
  }

  if (-not $NoModifyPath) {
    $entries = Split-PathList (Get-UserPath)
    if ($entries -notcontains $InstallDir) {
      Set-UserPath ((@($InstallDir) + $entries) -join ";")
      Write-Host "added $InstallDir to the user PATH; new terminals will find ctxmode"
    }
    if ((Split-PathList $env:Path) -notcontains $InstallDir) { $env:Path = "$InstallDir;$env:Path" }
  }
  Write-Host "next: ctxmode setup    (connects ctxmode to the coding agents it finds)"
}

try {
  if ($Uninstall) { Invoke-Uninstall } else { Invoke-Install }
} catch [InstallError] {
  Write-Host "ctxmode install: $($_.Exception.Message)" -ForegroundColor Red
  if ($PSCommandPath) { exit 1 }
}
