// Generated from the YAML files in Sources/IDScenario/Library/Scenarios: do not edit. After changing one, run
//   IDSCOPE_RECORD_DOCS=1 swift test --filter builtInFilesAreCurrent
// (and then the docs' own tests, which read the library compiled in).

/// The built-in scenarios and recipes, each file's text as it is in the source tree.
enum BuiltInFiles {
    static let scenarios: [(name: String, text: String)] = [
        ("b01-reinstall-resets-idfv", ##"""
name: Reinstalling a vendor's only app gives a new IDFV; the keychain GUID stays
description: >
  Field report B1 (cordova-plugin-device#117, plus_plugins#447, react-native-device-info#1183):
  an IDFV-based device ID changes after reinstall, while a keychain GUID does not.
presenterNotes: The IDFV is erased with the vendor's last app (IDFV-5); keychain items outlive apps (KC-19).
devices:
  - { name: phone, os: "17.5" }
apps:
  - { bundle: com.acme.shop, team: ACME1234, strategy: id-kit, options: { exposeRaw: true } }
steps:
  - install: com.acme.shop
  - launch: com.acme.shop
    label: first
  - uninstall: com.acme.shop
  - install: com.acme.shop
  - launch: com.acme.shop
  - note: IDFV is new, the GUID is the same.
  - expect: { app: com.acme.shop, idfv: changed, guid: { sameAs: first } }

"""##),
        ("b02-keychain-survives-uninstall", ##"""
name: The keychain survives uninstall, UserDefaults does not
description: >
  Field report B2 (KeychainAccess#309, keychain-swift#144, SAMKeychain PR#69): developers are surprised
  that a keychain value survives deleting the app, while UserDefaults starts empty, so a
  "first launch" flag in UserDefaults cannot tell a reinstall from a new device.
presenterNotes: FCUUID shows both at once - uuidForInstallation (UserDefaults) and uuidForDevice (keychain).
devices:
  - { name: phone, os: "17.5" }
apps:
  - { bundle: com.acme.shop, team: ACME1234, strategy: fcuuid }
steps:
  - install: com.acme.shop
  - launch: com.acme.shop
    label: first
  - uninstall: com.acme.shop
  - install: com.acme.shop
  - launch: com.acme.shop
  - expect:
      app: com.acme.shop
      id: { sameAs: first }
      values: { uuidForInstallation: { differsFrom: first } }

"""##),
        ("b03-ios103-beta-purges-keychain", ##"""
name: The iOS 10.3 beta deleted keychain items with the app
description: >
  Field report B3 (FCUUID#14, AFOAuth2Manager#135): iOS 10.3 beta 2 deleted an app's keychain items
  when the app was deleted (rolled back before release). With that behaviour switched on, the
  keychain GUID does not survive a reinstall.
presenterNotes: "Profile switch keychainOnUninstall: deleteUnshared (rule KC-19). Apple said it could return."
profile: { keychainOnUninstall: deleteUnshared }
devices:
  - { name: phone, os: "10.3" }
apps:
  - { bundle: com.acme.shop, team: ACME1234, strategy: id-kit, options: { include: [guid] } }
steps:
  - install: com.acme.shop
  - launch: com.acme.shop
    label: first
  - uninstall: com.acme.shop
  - install: com.acme.shop
  - launch: com.acme.shop
  - expect: { app: com.acme.shop, guid: { differsFrom: first } }

"""##),
        ("b04-fcuuid-installation-bug", ##"""
name: FCUUID 1.3.0 kept uuidForInstallation across reinstall
description: >
  Field report B4 (FCUUID#12, fixed in 6752758): up to 1.3.0 the "installation" ID lived in the
  keychain and so survived reinstalling; 1.3.1 moved it to UserDefaults.
presenterNotes: The same app code, two library versions side by side; only the store changed (KC-19 vs CT-23).
devices:
  - { name: phone, os: "12.0" }
apps:
  - { bundle: com.acme.old, team: ACME1234, strategy: fcuuid, options: { version: "1.3.0" } }
  - { bundle: com.acme.new, team: ACME1234, strategy: fcuuid, options: { version: "1.3.1" } }
steps:
  - install: com.acme.old
  - install: com.acme.new
  - launch: com.acme.old
    label: old-first
  - launch: com.acme.new
    label: new-first
  - uninstall: com.acme.old
  - uninstall: com.acme.new
  - install: com.acme.old
  - install: com.acme.new
  - launch: com.acme.old
  - launch: com.acme.new
  - expect: { app: com.acme.old, values: { uuidForInstallation: { sameAs: old-first } } }
  - expect: { app: com.acme.new, values: { uuidForInstallation: { differsFrom: new-first } } }

"""##),
        ("b05-icloud-restore-duplicates", ##"""
name: An iCloud backup restored to a second iPad duplicates uuidForDevice
description: >
  Field report B5 (FCUUID#39, FCUUID#32): iPad A is backed up to iCloud and the backup restored
  onto iPad B while A stays in use; both report the same uuidForDevice. The keychain item does
  not make it to new hardware, but FCUUID's UserDefaults copy does.
presenterNotes: Rules KC-21 (keychain lost on new hardware from iCloud) and CT-24 (containers restore anywhere).
accounts:
  - { id: school }
devices:
  - { name: ipadA, kind: ipad, os: "16.4", appleID: school }
  - { name: ipadB, kind: ipad, os: "16.4" }
apps:
  - { bundle: com.acme.classroom, team: ACME1234, strategy: fcuuid }
steps:
  - install: com.acme.classroom
  - launch: com.acme.classroom
  - backup: { kind: icloud, as: cloud }
  - restore: { backup: cloud }
    device: ipadB
  - launch: com.acme.classroom
    device: ipadB
  - launch: com.acme.classroom
  - expect: { app: com.acme.classroom, sameOn: [ipadA, ipadB] }

"""##),
        ("b06-restored-clone-by-class", ##"""
name: Restored clones share an ID unless the item is ThisDeviceOnly
description: >
  Field report B6 (react-native-device-info#519, cordova-plugin-device#114, tailscale#969, Mappls 2.1.4):
  after an encrypted backup is restored onto a replacement device, a keychain ID kept with an
  AfterFirstUnlock class is on both devices; with AfterFirstUnlockThisDeviceOnly the new device gets its own.
presenterNotes: Rule KC-21. The fix Mappls shipped was to keep the item out of backups (ThisDeviceOnly).
devices:
  - { name: phone, os: "17.5" }
  - { name: replacement, os: "17.5" }
apps:
  - { bundle: com.acme.migrates, team: ACME1234, strategy: keychain-idfv, options: { accessible: afterFirstUnlock } }
  - { bundle: com.acme.stays, team: ACME1234, strategy: keychain-idfv, options: { accessible: afterFirstUnlockThisDeviceOnly } }
steps:
  - install: com.acme.migrates
  - install: com.acme.stays
  - launch: com.acme.migrates
  - launch: com.acme.stays
    label: stays-first
  - backup: { kind: encrypted, as: laptop }
  - restore: { backup: laptop }
    device: replacement
  - launch: com.acme.migrates
    device: replacement
  - launch: com.acme.stays
    device: replacement
  - expect: { app: com.acme.migrates, sameOn: [phone, replacement] }
  - expect: { app: com.acme.stays, device: replacement, id: { differsFrom: stays-first } }

"""##),
        ("b07-icloud-keychain-sync", ##"""
name: iCloud Keychain gives every iPad on one Apple ID the same ID
description: >
  Field report B7 (react-native-device-info#922, flutter_udid#32, KeychainPlugin#23): a synchronizable
  keychain item reaches every device signed in to the same Apple ID with iCloud Keychain on.
presenterNotes: Rule KC-18. Sync is a property of the item (kSecAttrSynchronizable), not of the app.
accounts:
  - { id: family, iCloudKeychain: true }
devices:
  - { name: ipad1, kind: ipad, os: "17.0", appleID: family }
  - { name: ipad2, kind: ipad, os: "17.0", appleID: family }
apps:
  - { bundle: com.acme.notes, team: ACME1234, strategy: rndi, options: { accessible: afterFirstUnlock, synchronizable: true } }
steps:
  - install: com.acme.notes
  - launch: com.acme.notes
  - install: com.acme.notes
    device: ipad2
  - launch: com.acme.notes
    device: ipad2
  - expect: { app: com.acme.notes, sameOn: [ipad1, ipad2] }

"""##),
        ("b08-idfv-changes-on-update", #"""
name: The IDFV changed on an app update (iOS 8.2 - 8.4)
description: >
  Field report B8 (rdar 22677034, rdar 22961038): on some iOS 8 updates the IDFV changed although
  the app stayed installed; data encrypted with the IDFV became unreadable.
presenterNotes: "Profile switch idfvOnUpdate: regenerate (rule IDFV-4 documents the normal case: no change)."
profile: { idfvOnUpdate: regenerate }
devices:
  - { name: phone, os: "8.3" }
apps:
  - { bundle: com.acme.shop, team: ACME1234, strategy: id-kit, options: { exposeRaw: true } }
steps:
  - install: com.acme.shop
  - launch: com.acme.shop
  - update: com.acme.shop
  - launch: com.acme.shop
  - expect: { app: com.acme.shop, idfv: changed }

"""#),
        ("b09-idfv-changes-on-icloud-restore", #"""
name: The IDFV changed after restoring an iCloud backup to the same device
description: >
  Field report B9 (rdar 35746735): after restoring an iCloud backup, even onto the same device, users
  got a new IDFV and 400+ were locked out of an app that keyed accounts on it. WWDC 2013 says the
  vendor table comes back on the same device; the radar says otherwise.
presenterNotes: "Profile switch idfvSameDeviceRestore: regenerate (rule IDFV-7, contested)."
profile: { idfvSameDeviceRestore: regenerate }
accounts:
  - { id: alice }
devices:
  - { name: phone, os: "11.2", appleID: alice }
apps:
  - { bundle: com.acme.bank, team: ACME1234, strategy: id-kit, options: { exposeRaw: true } }
steps:
  - install: com.acme.bank
  - launch: com.acme.bank
  - backup: { kind: icloud, as: cloud }
  - restore: { backup: cloud }
  - launch: com.acme.bank
  - expect: { app: com.acme.bank, idfv: changed }

"""#),
        ("b10-locked-keychain-read", ##"""
name: A keychain read after a reboot fails with -25308, and a naive app mints a new ID
description: >
  Field report B10 (KeychainAccess#509, SAMKeychain#138, rdar 14560931): after a reboot, a background
  launch (silent push, fetch) before the first unlock cannot read the keychain
  (errSecInteractionNotAllowed); the DEVICE_UUID pattern falls back to the IDFV, which is nil too,
  and makes up a new ID.
presenterNotes: Rules KC-17 and IDFV-3. Retry on protectedDataDidBecomeAvailable instead of minting.
devices:
  - { name: phone, os: "17.5", passcode: true }
apps:
  - { bundle: com.acme.chat, team: ACME1234, strategy: keychain-idfv }
steps:
  - install: com.acme.chat
  - launch: com.acme.chat
    label: first
  - reboot
  - launch: { app: com.acme.chat, mode: background }
  - expect: { app: com.acme.chat, id: { differsFrom: first } }

"""##),
        ("b11-prewarm-before-unlock", ##"""
name: iOS 15 prewarming runs the app before first unlock
description: >
  Field report B11 (cordova-plugin-secure-storage-echo#75, deltachat-ios PR#1638, luka-ios PR#134):
  prewarming starts the process before the user unlocks; the keychain read fails and UserDefaults
  look empty, so FCUUID makes a new uuidForDevice for that process. When the user then opens the
  app, the prewarmed process carries on with it.
presenterNotes: >
  Rules CT-25 and KC-17. At the unlock the prewarmed process's UserDefaults writes reach the disk over
  the stored values (CT-25, defaultsBeforeFirstUnlock = flushAfterUnlock); the keychain copy puts
  uuidForDevice back at the next launch, but uuidForInstallation stays the new one.
devices:
  - { name: phone, os: "15.4", passcode: true }
apps:
  - { bundle: com.acme.health, team: ACME1234, strategy: fcuuid }
steps:
  - install: com.acme.health
  - launch: com.acme.health
    label: first
  - reboot
  - launch: { app: com.acme.health, mode: prewarm }
    label: prewarmed
  - expect: { app: com.acme.health, id: { differsFrom: first } }
  - unlock:
    note: The prewarmed process's UserDefaults writes reach the disk now, over the stored IDs.
  - launch: com.acme.health
    note: The user opens the app; the keychain is readable now and the stored ID wins.
  - expect: { app: com.acme.health, id: { sameAs: first } }

"""##),
        ("b12-missing-entitlement", ##"""
name: An access group without the entitlement fails with -34018
description: >
  Field report B12 (KeychainAccess#52, SAMKeychain#52, rdar 18776721): an app asks for a keychain
  access group it has no keychain-access-groups entitlement for; every read and write fails with
  errSecMissingEntitlement, so the ID is never persisted and falls back to the IDFV.
presenterNotes: Rule KC-16. In the Simulator access groups are not enforced, which hides this (SIM-32).
devices:
  - { name: phone, os: "17.5" }
apps:
  - { bundle: com.acme.shop, team: ACME1234, strategy: keychain-idfv, options: { accessGroup: ACME1234.com.acme.shared } }
steps:
  - install: com.acme.shop
  - launch: com.acme.shop
    label: first
  - uninstall: com.acme.shop
  - install: com.acme.shop
  - launch: com.acme.shop
  - expect: { app: com.acme.shop, id: { differsFrom: first } }

"""##),
        ("b13-wrong-access-group", ##"""
name: A shared access group without the Team ID prefix fails with -25243
description: >
  Field report B13 (SAMKeychain#165, Locksmith#41, keychain-swift#103): SvUDIDTools keeps its ID in
  a shared access group; an entitlement entry without the TEAMID. prefix grants nothing, so
  reads and writes fail with errSecNoAccessForItem and the ID falls back to the IDFV. The app with
  the prefixed entitlement keeps its ID across deleting all the vendor's apps.
presenterNotes: Rule KC-16.
devices:
  - { name: phone, os: "17.5" }
apps:
  - { bundle: com.acme.broken, team: ACME1234, strategy: svudid, accessGroups: [com.cnblogs.smileEvday] }
  - { bundle: com.acme.fixed, team: ACME1234, strategy: svudid, accessGroups: [ACME1234.com.cnblogs.smileEvday] }
steps:
  - install: com.acme.broken
  - install: com.acme.fixed
  - launch: com.acme.broken
    label: broken-first
  - launch: com.acme.fixed
    label: fixed-first
  - uninstall: com.acme.broken
  - uninstall: com.acme.fixed
  - install: com.acme.broken
  - install: com.acme.fixed
  - launch: com.acme.broken
  - launch: com.acme.fixed
  - expect: { app: com.acme.broken, id: { differsFrom: broken-first } }
  - expect: { app: com.acme.fixed, id: { sameAs: fixed-first } }

"""##),
        ("b14-different-teams", ##"""
name: The same device, different signing teams, different uuidForDevice
description: >
  Field report B14 (FCUUID#23): apps signed by different teams cannot share keychain items, so
  FCUUID's uuidForDevice differs between them on the same device.
presenterNotes: Rule KC-16 (access groups are per team).
devices:
  - { name: phone, os: "17.5" }
apps:
  - { bundle: com.acme.one, team: ACME1234, strategy: fcuuid }
  - { bundle: org.other.two, team: OTHR5678, strategy: fcuuid }
steps:
  - install: com.acme.one
  - install: org.other.two
  - launch: com.acme.one
    label: one
  - launch: org.other.two
  - expect: { app: org.other.two, id: { differsFrom: one } }

"""##),
        ("b15-openudid-last-app", ##"""
name: OpenUDID changes when its last participating app is removed
description: >
  Field report B15 (OpenUDID#53, #32, #27): on iOS 6 any OpenUDID app kept the shared ID alive in
  its pasteboard slot; once the last one was deleted, a reinstall got a new ID.
presenterNotes: Rule PB-31. iOS 7 scoped named pasteboards to the team, which ended cross-vendor sharing.
devices:
  - { name: phone, os: "6.1" }
apps:
  - { bundle: com.acme.one, team: ACME1234, strategy: openudid }
  - { bundle: org.other.two, team: OTHR5678, strategy: openudid }
steps:
  - install: com.acme.one
  - install: org.other.two
  - launch: com.acme.one
    label: first
  - launch: org.other.two
  - expect: { app: org.other.two, id: { sameAs: first } }
  - uninstall: com.acme.one
  - install: com.acme.one
  - launch: com.acme.one
  - expect: { app: com.acme.one, id: { sameAs: first } }
  - uninstall: com.acme.one
  - uninstall: org.other.two
  - install: com.acme.one
  - launch: com.acme.one
  - expect: { app: com.acme.one, id: { differsFrom: first } }

"""##),
        ("b16-openudid-erase-restore", ##"""
name: OpenUDID changes on erase, comes back on restore, duplicates on another device
description: >
  Field report B16 (OpenUDID#33, #18, #45): erasing the device gives a new OpenUDID, restoring the
  backup brings the old one back (through UserDefaults), and restoring it onto another device
  duplicates it.
presenterNotes: Rules CT-23 and CT-24.
devices:
  - { name: phone, os: "6.1" }
  - { name: other, os: "6.1" }
apps:
  - { bundle: com.acme.one, team: ACME1234, strategy: openudid }
steps:
  - install: com.acme.one
  - launch: com.acme.one
    label: first
  - backup: { kind: unencrypted, as: itunes }
  - erase
  - install: com.acme.one
  - launch: com.acme.one
  - expect: { app: com.acme.one, id: { differsFrom: first } }
  - restore: { backup: itunes }
  - launch: com.acme.one
  - expect: { app: com.acme.one, id: { sameAs: first } }
  - restore: { backup: itunes }
    device: other
  - launch: com.acme.one
    device: other
  - expect: { app: com.acme.one, sameOn: [phone, other] }

"""##),
        ("b17-att-global-switch-off", ##"""
name: With "Allow Apps to Request to Track" off, a request is denied without a prompt
description: >
  Field report B17 (react-native-tracking-transparency#2, app_tracking_transparency#13): when the
  global switch is off, requestTrackingAuthorization shows no prompt and returns denied; the IDFA
  is all zeros.
presenterNotes: Rule ATT-13 (step 5); the status read while the switch is off is contested (switch attStatusWhenGlobalOff).
devices:
  - { name: phone, os: "14.5" }
apps:
  - { bundle: com.acme.game, team: ACME1234, strategy: id-kit, options: { exposeRaw: true } }
steps:
  - setting: { allowTrackingRequests: false }
  - install: com.acme.game
  - consent: com.acme.game
  - requestTracking: { app: com.acme.game, answer: allow }
  - launch: com.acme.game
  - expect: { app: com.acme.game, att: denied, idfa: zeros, best: idfv }

"""##),
        ("b18-att-prompt-suppressed", ##"""
name: The ATT prompt is suppressed when the app is not active or another prompt is up
description: >
  Field report B18 (cordova-plugin-idfa#19, flutter-permission-handler#676, app_tracking_transparency#50):
  requesting tracking from the background, or while another permission prompt is showing, shows
  nothing and leaves the status notDetermined.
presenterNotes: Rule ATT-13 (step 4). Request from the foreground, after other prompts have been answered.
devices:
  - { name: phone, os: "17.4" }
apps:
  - { bundle: com.acme.game, team: ACME1234, strategy: id-kit }
steps:
  - install: com.acme.game
  - launch: { app: com.acme.game, mode: background }
  - requestTracking: { app: com.acme.game, answer: allow }
  - expect: { app: com.acme.game, att: notDetermined }
  - launch: com.acme.game
  - requestTracking: { app: com.acme.game, answer: allow, otherPromptPending: true }
  - expect: { app: com.acme.game, att: notDetermined }
  - requestTracking: { app: com.acme.game, answer: allow }
  - expect: { app: com.acme.game, att: authorized }

"""##),
        ("b19-att-restricted", ##"""
name: Tracking restricted by a child or managed account
description: >
  Field report B19 (adjust unity_sdk#222, react_native_sdk#148): with a managed, child or brand-new
  Apple ID (or an MDM profile) the status is restricted, no prompt ever shows and the IDFA is zeros.
presenterNotes: Rules ATT-12 and IDFA-9.
accounts:
  - { id: teen, trackingRestricted: true }
devices:
  - { name: phone, os: "17.5", appleID: teen }
apps:
  - { bundle: com.acme.game, team: ACME1234, strategy: id-kit }
steps:
  - install: com.acme.game
  - consent: com.acme.game
  - requestTracking: { app: com.acme.game, answer: allow }
  - launch: com.acme.game
  - expect: { app: com.acme.game, att: restricted, idfa: zeros }

"""##),
        ("b20-simulator-idfa-zeros", ##"""
name: The Simulator's IDFA is all zeros even when authorized
description: >
  Field report B20 (tiktok-business-ios-sdk#62, cordova-plugin-idfa#17): in the Simulator the ATT
  prompt works and the app can be authorized, but the IDFA stays all zeros.
presenterNotes: Rules IDFA-9 and SIM-32. Test ad attribution on a device.
devices:
  - { name: sim, os: "17.5", kind: simulator, passcode: false }
apps:
  - { bundle: com.acme.game, team: ACME1234, strategy: id-kit }
steps:
  - install: com.acme.game
  - consent: com.acme.game
  - requestTracking: { app: com.acme.game, answer: allow }
  - launch: com.acme.game
  - expect: { app: com.acme.game, att: authorized, idfa: zeros, best: idfv }

"""##),
        ("b21-att-reset-on-reinstall", ##"""
name: Reinstalling resets ATT to notDetermined
description: >
  Field report B21 (app_tracking_transparency#34): after a reinstall the status is notDetermined
  again (App Review expects the prompt), and the IDFA reads zeros until the app asks again.
presenterNotes: Rule ATT-15.
devices:
  - { name: phone, os: "17.5" }
apps:
  - { bundle: com.acme.game, team: ACME1234, strategy: id-kit }
steps:
  - install: com.acme.game
  - consent: com.acme.game
  - requestTracking: { app: com.acme.game, answer: allow }
  - launch: com.acme.game
  - expect: { app: com.acme.game, att: authorized, idfa: present }
  - uninstall: com.acme.game
  - install: com.acme.game
  - consent: com.acme.game
  - launch: com.acme.game
  - expect: { app: com.acme.game, att: notDetermined, idfa: zeros }

"""##),
        ("b22-simulator-idfv-every-run", #"""
name: Some simulators gave a new IDFV on every run
description: >
  Field report B22 (rdar 25342936, rdar 31422492): on some simulator versions the IDFV changed on
  every launch of the app.
presenterNotes: "Profile switch simulatorIdfvPerLaunch: true (rule SIM-32). Don't trust IDFV tests in the Simulator."
profile: { simulatorIdfvPerLaunch: true }
devices:
  - { name: sim, os: "9.3", kind: simulator, passcode: false }
apps:
  - { bundle: com.acme.shop, team: ACME1234, strategy: id-kit, options: { exposeRaw: true } }
steps:
  - install: com.acme.shop
  - launch: com.acme.shop
  - launch: com.acme.shop
  - expect: { app: com.acme.shop, idfv: changed }

"""#),
        ("b23-bundle-name-service", #"""
name: A keychain service named after the app's display name loses the ID on rename
description: >
  Field report B23 (Mappls 2.1.4; flutter_udid uses CFBundleName as its service): when the keychain
  service is the localizable bundle name, renaming the app or changing the language looks for a
  different item, so a new ID is made. (The report's other half, concurrent first calls racing to
  create two IDs, needs threads and is not modelled.)
presenterNotes: Rule KC-16 - an item is found by its service and account; the configure step models the rename.
devices:
  - { name: phone, os: "17.5" }
apps:
  - { bundle: com.acme.maps, team: ACME1234, strategy: keychain-idfv, options: { service: Maps } }
steps:
  - install: com.acme.maps
  - launch: com.acme.maps
    label: before
  - uninstall: com.acme.maps
  - install: com.acme.maps
  - configure: { app: com.acme.maps, service: Karten }
    note: The app is renamed (or the phone's language changes), and with it the service.
  - launch: com.acme.maps
  - expect: { app: com.acme.maps, id: { differsFrom: before } }

"""#),
        ("b24-flipping-ids", ##"""
name: One device flips between two IDs, background versus foreground
description: >
  Field report B24 (flutter_udid#43): a device reports two alternating IDs. A background launch
  after a reboot cannot read the keychain and falls back to a fresh value; the next foreground
  launch reads the stored one again.
presenterNotes: Rules KC-17 and IDFV-3. Treat a failed read as "unknown", not "missing".
devices:
  - { name: phone, os: "17.5", passcode: true }
apps:
  - { bundle: com.acme.app, team: ACME1234, strategy: keychain-idfv }
steps:
  - install: com.acme.app
  - launch: com.acme.app
    label: stored
  - reboot
  - launch: { app: com.acme.app, mode: background }
  - expect: { app: com.acme.app, id: { differsFrom: stored } }
  - unlock
  - reboot
  - unlock
  - launch: com.acme.app
  - expect: { app: com.acme.app, id: { sameAs: stored } }

"""##),
        ("f01-extension-keychain-group", #"""
name: A widget reads the app's IDFV, but not the keychain ID the app saved without a shared group
description: >
  react-native-device-info PR 751: an app extension shares its host's vendor, so it reads the same
  IDFV, but its default keychain access group is its own (TEAMID.extension-bundle-id). An ID the
  app saved without naming a shared group is out of the extension's reach, so the extension makes
  up its own: two IDs for one install. Naming a shared group in both fixes it.
presenterNotes: Rule EXT-33 (and KC-16 for access groups). Point at the two keychain groups.
devices:
  - { name: phone, os: "17.5" }
apps:
  - { bundle: com.acme.shop, team: ACME1234 }
  - { bundle: com.acme.shop.widget, team: ACME1234, extensionOf: com.acme.shop }
  - bundle: com.acme.pay
    team: ACME1234
    strategy: keychain-idfv
    options: { accessGroup: ACME1234.com.acme.shared }
    accessGroups: [ACME1234.com.acme.shared]
  - bundle: com.acme.pay.widget
    team: ACME1234
    strategy: keychain-idfv
    options: { accessGroup: ACME1234.com.acme.shared }
    accessGroups: [ACME1234.com.acme.shared]
    extensionOf: com.acme.pay
steps:
  - install: com.acme.shop
    note: The widget comes with the app; there is no installing it on its own.
  - launch: com.acme.shop
    label: app
  - launch: { app: com.acme.shop.widget, mode: background }
  - expect: { app: com.acme.shop.widget, installed: true, idfv: { sameAs: app }, guid: { differsFrom: app } }
    note: "The same IDFV, another ID: the widget's keychain group is its own, and the app's item is out of reach."
  - install: com.acme.pay
  - launch: com.acme.pay
    label: pay
  - launch: { app: com.acme.pay.widget, mode: background }
  - expect: { app: com.acme.pay.widget, id: { sameAs: pay } }
    note: Naming a shared access group in both gives one ID.
  - uninstall: com.acme.shop
  - expect: { app: com.acme.shop.widget, installed: false }

"""#),
        ("f02-extension-before-first-unlock", #"""
name: A notification service extension runs before the first unlock and cannot read a WhenUnlocked ID
description: >
  App extensions launch in the background, a notification service extension on every push, often
  after a reboot and before the user has unlocked once. A keychain item with the default class
  (WhenUnlocked) is then unreadable (errSecInteractionNotAllowed, -25308) and the IDFV is nil, so
  the DEVICE_UUID pattern makes up a new ID for that process. The same item with AfterFirstUnlock
  would be readable once the user has unlocked after boot; before it, nothing is.
presenterNotes: Rules EXT-33, KC-17 and IDFV-3.
devices:
  - { name: phone, os: "17.5", passcode: true }
apps:
  - bundle: com.acme.chat
    team: ACME1234
    strategy: keychain-idfv
    options: { accessGroup: ACME1234.com.acme.chat.shared }
    accessGroups: [ACME1234.com.acme.chat.shared]
  - bundle: com.acme.chat.notifications
    team: ACME1234
    strategy: keychain-idfv
    options: { accessGroup: ACME1234.com.acme.chat.shared }
    accessGroups: [ACME1234.com.acme.chat.shared]
    extensionOf: com.acme.chat
steps:
  - install: com.acme.chat
  - launch: com.acme.chat
    label: app
  - launch: { app: com.acme.chat.notifications, mode: background }
  - expect: { app: com.acme.chat.notifications, id: { sameAs: app } }
    note: Unlocked, the extension reads the app's ID through the shared group.
  - reboot
  - launch: { app: com.acme.chat.notifications, mode: background }
  - expect: { app: com.acme.chat.notifications, id: { differsFrom: app } }
    note: A push before the first unlock; the item is locked away and the IDFV is nil, so the extension makes one up.

"""#),
        ("f03-app-clip-idfv-zeros", #"""
name: An App Clip reads an IDFV of zeros; the full app that replaces it is a new install
description: >
  Apple's "Choosing the right functionality for your App Clip": identifierForVendor returns an empty
  string in an App Clip, which Swift code sees as the all-zero UUID (Amplitude-Swift issue 182), and
  an App Clip cannot ask for permission to track. Installing the full app removes the clip, and the
  full app, a new install, gets the vendor's IDFV.
presenterNotes: Rule CLIP-34. An ID keyed on the clip's IDFV is the same for every clip user.
devices:
  - { name: phone, os: "17.5" }
  - { name: other, os: "17.5" }
apps:
  - { bundle: com.acme.parking, team: ACME1234 }
  - { bundle: com.acme.parking.Clip, team: ACME1234, clipOf: com.acme.parking }
steps:
  - install: com.acme.parking.Clip
  - launch: com.acme.parking.Clip
    label: clip
  - install: com.acme.parking.Clip
    device: other
  - launch: com.acme.parking.Clip
    device: other
  - expect: { app: com.acme.parking.Clip, idfv: zeros, best: idfv }
    note: "The clip's IDFV is all zeros, and id-kit takes it for its best ID."
  - expect: { app: com.acme.parking.Clip, sameOn: [phone, other] }
    note: Two clip users, one "ID".
  - requestTracking: { app: com.acme.parking.Clip, answer: allow }
  - expect: { app: com.acme.parking.Clip, att: notDetermined }
  - install: com.acme.parking
  - expect: { app: com.acme.parking.Clip, installed: false }
  - launch: com.acme.parking
  - expect: { app: com.acme.parking, idfv: present }

"""#),
        ("f04-enterprise-vendor", #"""
name: An in-house (enterprise) build has another vendor than the same team's App Store apps
description: >
  Apple's identifierForVendor documentation: for apps not installed from the App Store, the vendor is
  computed from the bundle ID. An enterprise (in-house) build of com.acme.field therefore shares no
  IDFV with the team's App Store apps, while two in-house apps under com.acme do share one.
presenterNotes: Rule IDFV-1. An MDM-pushed App Store app is an App Store install, with the team's vendor.
devices:
  - { name: phone, os: "17.5" }
apps:
  - { bundle: com.acme.field, team: ACME1234, source: enterprise, strategy: zbuuid }
  - { bundle: com.acme.inventory, team: ACME1234, source: enterprise, strategy: zbuuid }
  - { bundle: com.acme.shop, team: ACME1234, strategy: zbuuid }
steps:
  - install: com.acme.field
  - launch: com.acme.field
    label: field
  - install: com.acme.inventory
  - launch: com.acme.inventory
  - expect: { app: com.acme.inventory, values: { uuidForVendor: { sameAs: field } } }
    note: Both in-house apps are under com.acme, one vendor.
  - install: com.acme.shop
  - launch: com.acme.shop
  - expect: { app: com.acme.shop, values: { uuidForVendor: { differsFrom: field } } }
    note: The App Store app's vendor is the Team ID, another vendor.

"""#),
        ("f05-vision-idfa-zeros", #"""
name: An iPad app on visionOS reads an IDFA of zeros even when the user allows tracking
description: >
  Apple's advertisingIdentifier documentation: for compatible iPhone and iPad apps running on
  visionOS the advertising identifier is all zeros. The ATT prompt still works, so an app that waits
  for authorized and then trusts the IDFA gets zeros.
presenterNotes: Rule IDFA-9. The os of a vision device is the iPadOS version the app sees.
devices:
  - { name: headset, kind: vision, os: "17.5" }
apps:
  - { bundle: com.acme.museum, team: ACME1234 }
steps:
  - install: com.acme.museum
  - consent: com.acme.museum
  - launch: com.acme.museum
  - requestTracking: { app: com.acme.museum, answer: allow }
  - launch: com.acme.museum
  - expect: { app: com.acme.museum, att: authorized, idfa: zeros, best: idfv }

"""#),
        ("f06-app-attest-invalid-key", #"""
name: App Attest fails with invalidKey after a reinstall, a restore or a migration
description: >
  firebase-ios-sdk issues 11853, 12629 and 15161: App Attest keys live in one installation's Secure
  Enclave, but apps keep the key ID where it outlives the key: a keychain item survives a reinstall
  and moves to a new phone in an encrypted backup, UserDefaults come back with any restore. The next
  assertion fails with DCError.invalidKey until the app makes a new key. Even a restore onto the same
  device loses the key (switch appAttestSameDeviceRestore).
presenterNotes: Rule AA-28. The key ID is the same; the key behind it is gone.
devices:
  - { name: phone, os: "17.5" }
  - { name: newphone, os: "17.5" }
apps:
  - { bundle: com.acme.bank, team: ACME1234, strategy: appattest }
  - { bundle: com.acme.wallet, team: ACME1234, strategy: appattest, options: { keyIdStore: defaults } }
steps:
  - install: com.acme.bank
  - launch: com.acme.bank
    label: first
  - launch: com.acme.bank
  - expect: { app: com.acme.bank, values: { valid: { equals: "true" } } }
  - update: com.acme.bank
  - launch: com.acme.bank
  - expect: { app: com.acme.bank, id: { sameAs: first }, values: { valid: { equals: "true" } } }
    note: An update keeps the key.
  - uninstall: com.acme.bank
  - install: com.acme.bank
  - launch: com.acme.bank
  - expect: { app: com.acme.bank, id: { sameAs: first }, values: { valid: { equals: "false" }, error: { equals: invalidKey } } }
    note: The key ID outlived the app in the keychain; the key did not.
  - install: com.acme.wallet
  - launch: com.acme.wallet
    label: wallet
  - backup: { kind: encrypted, as: nightly }
  - restore: { backup: nightly }
    device: newphone
  - launch: com.acme.wallet
    device: newphone
  - expect: { app: com.acme.wallet, device: newphone, id: { sameAs: wallet }, values: { error: { equals: invalidKey } } }
    note: The key ID came back with UserDefaults on the new phone; the Secure Enclave key stayed behind.

"""#),
        ("f07-apns-token-restore", #"""
name: A restored phone gives the app a new APNs token; a server keyed on the old one keeps a stale entry
description: >
  Apple: "APNs can issue a new device token for a variety of reasons", a new device and a restore from
  a backup among them. Servers that key devices on the token keep stale entries and lose the device
  (expo issue 2824, WordPress-iOS issue 6074). Whether a reinstall on the same device gives a new token
  is not settled: switch apnsTokenOnReinstall (new by default).
presenterNotes: Rule APNS-35. Register at every launch and send the token to the server each time.
devices:
  - { name: phone, os: "17.5" }
  - { name: newphone, os: "17.5" }
apps:
  - { bundle: com.acme.news, team: ACME1234 }
steps:
  - install: com.acme.news
  - launch: com.acme.news
    label: first
  - reboot
  - unlock
  - launch: com.acme.news
  - expect: { app: com.acme.news, apnsToken: { sameAs: first } }
    note: A reboot keeps the token.
  - backup: { kind: encrypted, as: nightly }
  - restore: { backup: nightly }
  - launch: com.acme.news
  - expect: { app: com.acme.news, apnsToken: { differsFrom: first }, idfv: { sameAs: first } }
    note: "The same phone, restored from its own backup: the IDFV is back, the token is new."
  - migrate: { from: phone }
    device: newphone
  - launch: com.acme.news
    device: newphone
  - expect: { app: com.acme.news, device: newphone, apnsToken: present }
  - uninstall: com.acme.news
  - install: com.acme.news
  - launch: com.acme.news
  - expect: { app: com.acme.news, apnsToken: changed }
    note: A reinstall gives a new token too, under the default profile.

"""#),
        ("f08-quick-start-below-12-4", #"""
name: Quick Start below iOS 12.4 goes through iCloud, so keychain IDs stay behind
description: >
  Device-to-device transfer needs iOS 12.4 on both devices (Apple's Quick Start article; DTS in
  developer forum threads 93373 and 788360). Below that, Quick Start sets the new phone up from an
  iCloud backup of the old one, which brings no keychain item to new hardware: a keychain ID that a
  direct transfer would have carried over is new, while the UserDefaults copy still comes back.
presenterNotes: Rule KC-22a (and KC-21's iCloud case).
accounts:
  - { id: alice }
devices:
  - { name: old, os: "12.1", appleID: alice }
  - { name: new, os: "12.3" }
  - { name: old2, os: "12.4", appleID: alice }
  - { name: new2, os: "13.0" }
apps:
  - { bundle: com.acme.notes, team: ACME1234, strategy: keychain-idfv, options: { accessible: afterFirstUnlock } }
steps:
  - install: com.acme.notes
    device: old
  - launch: com.acme.notes
    device: old
    label: before
  - migrate: { from: old }
    device: new
  - launch: com.acme.notes
    device: new
  - expect: { app: com.acme.notes, device: new, id: { differsFrom: before } }
    note: 12.1 to 12.3 goes through an iCloud backup; the keychain ID does not come along.
  - install: com.acme.notes
    device: old2
  - launch: com.acme.notes
    device: old2
    label: direct
  - migrate: { from: old2 }
    device: new2
  - launch: com.acme.notes
    device: new2
  - expect: { app: com.acme.notes, device: new2, id: { sameAs: direct } }
    note: From 12.4 the direct transfer moves it, like an encrypted backup.

"""#),
        ("f09-passcode-item-not-backed-up", #"""
name: WhenPasscodeSetThisDeviceOnly items are in no backup, so even a same-device restore loses them
description: >
  Apple Platform Security, "Keychain data protection": items of the WhenPasscodeSetThisDeviceOnly
  class don't sync to iCloud Keychain, aren't backed up and aren't in escrow keybags. Restoring a
  phone from its own encrypted backup brings every other item back, but not these.
presenterNotes: Rules KC-21 and KC-17.
devices:
  - { name: phone, os: "17.5", passcode: true }
apps:
  - { bundle: com.acme.vault, team: ACME1234, strategy: keychain-idfv, options: { accessible: whenPasscodeSetThisDeviceOnly, service: vault } }
  - { bundle: com.acme.notes, team: ACME1234, strategy: keychain-idfv, options: { accessible: afterFirstUnlockThisDeviceOnly, service: notes } }
steps:
  - install: com.acme.vault
  - install: com.acme.notes
  - launch: com.acme.vault
    label: vault
  - launch: com.acme.notes
    label: notes
  - backup: { kind: encrypted, as: nightly }
  - restore: { backup: nightly }
  - uninstall: com.acme.vault
  - uninstall: com.acme.notes
  - install: com.acme.vault
  - install: com.acme.notes
  - launch: com.acme.vault
  - launch: com.acme.notes
  - expect: { app: com.acme.notes, id: { sameAs: notes } }
    note: "The same phone, its own backup: the ThisDeviceOnly item came back."
  - expect: { app: com.acme.vault, id: { differsFrom: vault } }
    note: The passcode-class item was never in the backup.

"""#),
        ("f10-biometry-bound-id", #"""
name: An ID behind Face ID is read only with the user there, stays on the phone, and dies with a new face
description: >
  A banking app keeps its device ID in a keychain item with access control biometryCurrentSet, as
  Apple's "Accessing keychain items with Face ID or Touch ID" sample does for a secret. The item
  works for the app in front of the user, but a background launch (a push, a fetch) cannot
  authenticate and gets errSecInteractionNotAllowed, so that process runs under a new ID it cannot
  save. The item never reaches another phone, even in an encrypted backup. And when the user
  enrols a new face, every biometryCurrentSet item is invalidated: the next launch starts over.
presenterNotes: >
  Rule KC-40. The class alone (AfterFirstUnlock) would let the background launch read it; the
  access control is what refuses it. Compare f09, where the class keeps an item out of backups.
accounts:
  - { id: alice }
devices:
  - { name: phone, os: "17.5", passcode: true, appleID: alice }
  - { name: newphone, os: "17.5", passcode: true, appleID: alice }
apps:
  - { bundle: com.acme.bank, team: ACME1234, strategy: face-bound }
recipes:
  face-bound:
    summary: "a device ID in a keychain item that needs Face ID (biometryCurrentSet), else a new UUID"
    stores:
      kc: { keychain: { account: device-id, accessible: afterFirstUnlockThisDeviceOnly, accessControl: biometryCurrentSet } }
    id: [kc, uuid]
    save: [kc]
steps:
  - install: com.acme.bank
  - launch: com.acme.bank
    label: first
    note: No item yet; a new UUID is saved behind Face ID.
  - reboot
  - unlock
  - launch: { app: com.acme.bank, mode: background }
    label: push
    note: A push wakes the app. The device is unlocked, but nobody is there to look at it.
  - expect: { app: com.acme.bank, id: { differsFrom: first } }
    note: The read was refused (errSecInteractionNotAllowed), so the process made a new ID.
  - reboot
  - unlock
  - launch: com.acme.bank
  - expect: { app: com.acme.bank, id: { sameAs: first } }
    note: In front of the user the item reads again; the background process could not overwrite it.
  - backup: { kind: encrypted, as: nightly }
  - restore: nightly
    device: newphone
  - launch: com.acme.bank
    device: newphone
  - expect: { app: com.acme.bank, device: newphone, id: { differsFrom: first } }
    note: Even an encrypted backup leaves the item behind; the new phone starts over.
  - biometryChange:
    note: The user re-enrols Face ID on the old phone.
  - launch: com.acme.bank
  - expect: { app: com.acme.bank, id: { differsFrom: first } }
    note: The biometryCurrentSet item was invalidated with the old face.

"""#),
        ("f11-apns-sandbox-token", #"""
name: A build from Xcode registers with the APNs sandbox; the App Store build gets a production token
description: >
  A developer runs the app from Xcode, then installs the App Store build over it (offloaded first,
  so the data stays). The Xcode build's provisioning profile says aps-environment development, so
  its device token is a sandbox token; the App Store build registers in production and gets a new
  one. A server that stored the first token and sends to the production gateway gets BadDeviceToken
  for it, and one that kept sending to the sandbox never reaches the App Store build. The IDFV
  changes as well: an Xcode build's vendor is its bundle prefix, the App Store build's its Team ID.
presenterNotes: >
  Rules APNS-35 and IDFV-1. Store the environment beside each token on the server, and send each token to its
  own gateway.
devices:
  - { name: phone, os: "17.5", passcode: true }
apps:
  - { bundle: com.acme.chat, team: ACME1234, strategy: expo-application }
steps:
  - install: { app: com.acme.chat, source: xcode }
  - launch: com.acme.chat
    label: dev
    note: Registered from a development build.
  - expect: { app: com.acme.chat, apnsToken: present, apnsEnvironment: sandbox }
  - offload: com.acme.chat
  - install: { app: com.acme.chat, source: appstore }
    note: The App Store build takes the offloaded app's place; its data stays, its sandbox token does not.
  - launch: com.acme.chat
  - expect: { app: com.acme.chat, apnsToken: { differsFrom: dev }, apnsEnvironment: production, idfv: { differsFrom: dev } }
    note: The IDFV moved too, to the Team ID's vendor (IDFV-1); only the container stayed.

"""#),
        ("f12-app-clip-hands-over-its-id", #"""
name: From iOS 16 the full app that replaces its App Clip finds the clip's keychain ID; before, it starts afresh
description: >
  WWDC22 "What's new in App Clips" and Apple's Security code (SecItemPromoteAppClipItemsToParentApp,
  KeychainAppClipTests.m): when the full app replaces its App Clip on iOS 16 or later, the keychain items
  the clip added move to the full app. Before iOS 16 they go with the clip, and a keychain GUID the clip
  kept is lost to the full app. A clip's items are in no backup, and a clip cannot sync them.
presenterNotes: Rule CLIP-41. The same steps on iOS 17.5 and on iOS 15.7; only the newer phone hands the ID over.
devices:
  - { name: phone, os: "17.5" }
  - { name: oldphone, os: "15.7" }
apps:
  - { bundle: com.acme.parking, team: ACME1234 }
  - { bundle: com.acme.parking.Clip, team: ACME1234, clipOf: com.acme.parking }
steps:
  - install: com.acme.parking.Clip
  - launch: com.acme.parking.Clip
    label: clip
  - install: com.acme.parking
    speaker: "Watch the keychain row: the clip's item moves to the app's access group."
  - launch: com.acme.parking
  - expect: { app: com.acme.parking, guid: { sameAs: clip } }
    note: iOS 17.5 moved the clip's keychain GUID to the full app.
  - install: com.acme.parking.Clip
    device: oldphone
  - launch: com.acme.parking.Clip
    device: oldphone
    label: oldclip
  - install: com.acme.parking
    device: oldphone
  - launch: com.acme.parking
    device: oldphone
  - expect: { app: com.acme.parking, device: oldphone, guid: { differsFrom: oldclip } }
    note: iOS 15.7 deleted the clip's item with the clip; the full app made a new GUID.

"""#),
        ("f13-sign-in-with-apple-follows-the-apple-id", #"""
name: Sign in with Apple's user identifier follows the Apple ID across devices and reinstalls, until the user stops using it
description: >
  Apple, ASAuthorizationAppleIDCredential.user and "Transferring your apps and users to another team": the
  identifier Sign in with Apple gives is scoped to the developer team, the same for every app of the team on
  every device signed in to the Apple ID, and a reinstall gets it again. When the user stops using the Apple
  ID with the app in Settings, the credential is revoked (TN3194): a signed-in app finds nothing until the user
  signs in again, here at a fresh install, to the same identifier (an assumption: switch
  appleUserIDAfterRevoke). An app transferred to another team gets that team's identifier, another one.
presenterNotes: >
  Rule SIWA-43. Watch the appleUserID change on the Apple ID at the first launch and at the revoke; the
  iPad's app of the same team reads the same identifier, and nothing after the revoke.
accounts: [{ id: alice }]
devices:
  - { name: phone, os: "17.5", appleID: alice }
  - { name: pad, kind: ipad, os: "17.5", appleID: alice }
apps:
  - { bundle: com.acme.shop, team: ACME1234, strategy: apple-user }
  - { bundle: com.acme.news, team: ACME1234, strategy: apple-user }
recipes:
  apple-user:
    summary: the Sign in with Apple user identifier, else a new UUID each launch (kept nowhere)
    id: [{ from: appleUserID }, uuid]
steps:
  - install: com.acme.shop
  - launch: com.acme.shop
    label: first
  - install: com.acme.news
    device: pad
  - launch: com.acme.news
    device: pad
    speaker: Another app of the same team, on another device of the same Apple ID.
  - expect: { app: com.acme.news, device: pad, id: { sameAs: first } }
  - uninstall: com.acme.shop
  - install: com.acme.shop
  - launch: com.acme.shop
  - expect: { app: com.acme.shop, id: { sameAs: first } }
    note: A reinstall signs in to the same identifier.
  - revokeAppleID: { app: com.acme.shop }
  - launch: com.acme.news
    device: pad
  - expect: { app: com.acme.news, device: pad, id: { differsFrom: first } }
    note: Revoked for the whole team on the Apple ID; the app found nothing and made a UUID.
  - uninstall: com.acme.news
    device: pad
  - install: com.acme.news
    device: pad
  - launch: com.acme.news
    device: pad
  - expect: { app: com.acme.news, device: pad, id: { sameAs: first } }
    note: Installed afresh, the app signs in again, to the same identifier.
  - update: { app: com.acme.shop, team: NEWT0001 }
  - launch: com.acme.shop
  - expect: { app: com.acme.shop, id: { differsFrom: first } }
    note: Transferred to another team, the app signs in under it and gets that team's identifier.

"""#),
        ("r01-cordova-uuid-restore-duplicates", #"""
name: cordova-plugin-device's uuid follows a restore onto another phone, and changes on reinstall
description: >
  cordova-plugin-device caches the IDFV in UserDefaults (CDVUUID). A backup restored onto a new
  phone brings the cache with the app's container, so both phones report the old phone's uuid
  (cordova-plugin-device issue 114); deleting the app deletes the cache, and the reinstall reads a
  new IDFV (issue 117). The built-in recipe cordova-device reproduces the plugin's code.
presenterNotes: Rules CT-24 (containers restore anywhere), IDFV-7 and CT-23. `idscope strategies cordova-device` prints the recipe.
devices:
  - { name: phone, os: "17.5" }
  - { name: newphone, os: "17.5" }
apps:
  - { bundle: com.acme.shop, team: ACME1234, strategy: cordova-device }
steps:
  - install: com.acme.shop
  - launch: com.acme.shop
    label: old
  - backup: { kind: encrypted, as: nightly }
  - restore: nightly
    device: newphone
  - launch: com.acme.shop
    device: newphone
  - expect: { app: com.acme.shop, device: newphone, id: { sameAs: old }, values: { prefs: present } }
    note: The new phone reports the old phone's uuid, though its IDFV is its own.
  - uninstall: com.acme.shop
  - install: com.acme.shop
  - launch: com.acme.shop
  - expect: { app: com.acme.shop, id: { differsFrom: old } }
    note: Deleted and reinstalled, the cache is gone and the vendor's IDFV is new.

"""#),
        ("r02-firebase-fid-new-on-reinstall", #"""
name: Firebase Installations gives a reinstalled app a new FID, though its keychain item survives
description: >
  Firebase Installations keeps the FID in the keychain but trusts it only while a flag in the
  UserDefaults suite com.firebase.FIRInstallations exists. Deleting the app deletes the flag (with
  the container) and not the keychain item, so the reinstalled app ignores the old FID and makes a
  new one (firebase-ios-sdk issue 10421, closed as intended).
presenterNotes: Rules KC-19 (the keychain outlives the app) and CT-23 (the container does not). The recipe is firebase-installations.
devices:
  - { name: phone, os: "17.5" }
apps:
  - { bundle: com.acme.shop, team: ACME1234, strategy: firebase-installations, options: { googleAppID: "1:1234:ios:abcd" } }
steps:
  - install: com.acme.shop
  - launch: com.acme.shop
    label: first
  - reboot
  - unlock
  - launch: com.acme.shop
  - expect: { app: com.acme.shop, id: unchanged, values: { seen: { equals: "true" }, kc: present } }
    note: A new process reads the flag, then the keychain item.
  - uninstall: com.acme.shop
  - install: com.acme.shop
  - launch: com.acme.shop
  - expect: { app: com.acme.shop, id: { differsFrom: first } }
    note: The old FID is still in the keychain; without the flag, Firebase never reads it.
  - expect: { app: com.acme.shop, values: { kc: nil, seen: nil } }

"""#),
        ("r03-flutter-udid-before-first-unlock", #"""
name: flutter_udid answers an error instead of an ID before the first unlock, and starts over on a new phone
description: >
  flutter_udid keeps the IDFV in a keychain item of class AfterFirstUnlockThisDeviceOnly. After a
  reboot, a background launch before the first unlock is refused the read (-25308), and the plugin
  answers FlutterError("UNAVAILABLE") rather than an ID (flutter_udid issue 75). Once unlocked, the
  ID is back. A ThisDeviceOnly item is in no restore onto other hardware, so a new phone has a new ID.
presenterNotes: Rules KC-17 (classes gate reads) and KC-21 (ThisDeviceOnly stays on the hardware). The recipe is flutter-udid.
devices:
  - { name: phone, os: "17.5", passcode: true }
  - { name: newphone, os: "17.5", passcode: true }
apps:
  - { bundle: com.acme.shop, team: ACME1234, strategy: flutter-udid }
steps:
  - install: com.acme.shop
  - launch: com.acme.shop
    label: first
  - reboot
  - launch: { app: com.acme.shop, mode: background }
  - expect: { app: com.acme.shop, id: nil }
    note: Before the first unlock the read is refused, and the plugin gives an error, not an ID.
  - unlock
  - launch: com.acme.shop
  - expect: { app: com.acme.shop, id: { sameAs: first } }
  - backup: { kind: encrypted, as: nightly }
  - restore: nightly
    device: newphone
  - launch: com.acme.shop
    device: newphone
  - expect: { app: com.acme.shop, device: newphone, id: { differsFrom: first } }
    note: The ThisDeviceOnly item stayed behind; the new phone saves its own IDFV.

"""#),
        ("r04-expo-secure-store-survives-reinstall", #"""
name: An install ID on expo-secure-store survives a reinstall, but not a move to a new phone
description: >
  Expo deprecated its installationId and pointed to expo-secure-store (expo PR 10997, issue
  31133). An ID kept there is a keychain item (AfterFirstUnlockThisDeviceOnly), so it outlives
  deleting the app, unlike anything in the app's container. It stays with the hardware: restored onto
  a new phone, the app makes a new ID. Before the first unlock SecureStore rejects, so there is none.
presenterNotes: Rules KC-19, KC-21 and KC-17. The recipe is expo-secure-store-id.
devices:
  - { name: phone, os: "17.5", passcode: true }
  - { name: newphone, os: "17.5", passcode: true }
apps:
  - { bundle: com.acme.shop, team: ACME1234, strategy: expo-secure-store-id }
steps:
  - install: com.acme.shop
  - launch: com.acme.shop
    label: first
  - uninstall: com.acme.shop
  - install: com.acme.shop
  - launch: com.acme.shop
  - expect: { app: com.acme.shop, id: { sameAs: first } }
    note: Deleted and reinstalled, the keychain item is still there.
  - reboot
  - launch: { app: com.acme.shop, mode: background }
  - expect: { app: com.acme.shop, id: nil }
  - unlock
  - backup: { kind: encrypted, as: nightly }
  - restore: nightly
    device: newphone
  - launch: com.acme.shop
    device: newphone
  - expect: { app: com.acme.shop, device: newphone, id: { differsFrom: first } }

"""#),
        ("r05-expo-application-idfv", #"""
name: expo-application's IDFV is null before the first unlock and new after the vendor's last app goes
description: >
  getIosIdForVendorAsync returns the IDFV as iOS gives it, about 6.5 million downloads a month: null
  while the device has not been unlocked since boot, the same while any app of the vendor stays
  installed, and a new one once the last goes.
presenterNotes: Rules IDFV-3, IDFV-1 and IDFV-5. The recipe is expo-application.
devices:
  - { name: phone, os: "17.5", passcode: true }
apps:
  - { bundle: com.acme.shop, team: ACME1234, strategy: expo-application }
  - { bundle: com.acme.news, team: ACME1234, strategy: expo-application }
steps:
  - install: com.acme.shop
  - install: com.acme.news
  - launch: com.acme.shop
    label: first
  - reboot
  - launch: { app: com.acme.shop, mode: background }
  - expect: { app: com.acme.shop, id: nil }
  - unlock
  - uninstall: com.acme.shop
  - install: com.acme.shop
  - launch: com.acme.shop
  - expect: { app: com.acme.shop, id: { sameAs: first } }
    note: com.acme.news kept the vendor alive.
  - uninstall: com.acme.shop
  - uninstall: com.acme.news
  - install: com.acme.shop
  - launch: com.acme.shop
  - expect: { app: com.acme.shop, id: { differsFrom: first } }

"""#),
        ("r06-device-info-plus-idfv-per-vendor", #"""
name: device_info_plus's identifierForVendor is shared by one vendor's apps and differs between vendors
description: >
  device_info_plus hands Flutter apps the raw IDFV. Two apps of one Team ID read the same value on a
  device; an app of another Team ID reads another; and an App Store build and a TestFlight build of
  the same app are different vendors, so a tester sees another ID than the store build gave.
presenterNotes: Rules IDFV-1 and IDFV-2; switch idfvTestFlightNamespace. The recipe is device-info-plus.
devices:
  - { name: phone, os: "17.5" }
apps:
  - { bundle: com.acme.shop, team: ACME1234, strategy: device-info-plus }
  - { bundle: com.acme.news, team: ACME1234, strategy: device-info-plus }
  - { bundle: org.other.game, team: OTHR5678, strategy: device-info-plus }
steps:
  - install: com.acme.shop
  - install: com.acme.news
  - install: org.other.game
  - launch: com.acme.shop
    label: shop
  - launch: com.acme.news
  - expect: { app: com.acme.news, id: { sameAs: shop } }
  - launch: org.other.game
  - expect: { app: org.other.game, id: { differsFrom: shop } }
  - uninstall: com.acme.shop
  - install: { app: com.acme.shop, source: testflight }
  - launch: com.acme.shop
  - expect: { app: com.acme.shop, id: { differsFrom: shop } }
    note: The TestFlight build is its own vendor.

"""#),
        ("r07-adjust-token-survives-reinstall", #"""
name: Adjust's dedupe token survives a delete and reinstall, so the device is never a new install again
description: >
  The Adjust SDK keeps its dedupe token in a keychain item (deviceInfo/adjust_uuid, AfterFirstUnlock)
  as well as in its activity-state archive, and the keychain copy wins. Deleting the app deletes the
  archive but not the item, so the reinstalled app sends the same token and Adjust's backend sees a
  returning device: in adjust/ios_sdk issue 509 a developer who had deleted the app (and called the
  forget-device URL) could not get a fresh "Install tracked" while testing, and Adjust answered that the
  keychain item has to be wiped by hand. The adid, by contrast, is only ever given by the server (issue
  503, "No adid available": it stays nil until a package is answered), and the reporter there found that
  only resetting the device gave a clean start. The recipe is adjust.
presenterNotes: >
  Rules KC-19 (the keychain outlives the app) and CT-23 (the container does not); KC-22 at the erase.
  Point at values kc and state after the reinstall: the archive is gone, the item is not. The adid
  after the reinstall is new only because the simulated server keeps no record; Adjust's backend maps
  the known token to the known device. `idscope strategies adjust` prints the recipe.
devices:
  - { name: phone, os: "17.5" }
apps:
  - { bundle: com.acme.shop, team: ACME1234, strategy: adjust }
steps:
  - install: com.acme.shop
  - launch: { app: com.acme.shop, network: false }
    label: offline
  - expect: { app: com.acme.shop, id: present, ids: { adid: nil } }
    note: The token is made on the device; no adid until Adjust's server answers a package (issue 503).
  - launch: com.acme.shop
    label: first
  - expect: { app: com.acme.shop, id: { sameAs: offline }, ids: { adid: present } }
  - uninstall: com.acme.shop
  - install: com.acme.shop
  - launch: com.acme.shop
  - expect: { app: com.acme.shop, id: { sameAs: first }, values: { kc: present, state: nil } }
    note: The archive went with the app; the keychain item did not, so the same token goes out (issue 509).
  - erase
  - install: com.acme.shop
  - launch: com.acme.shop
  - expect: { app: com.acme.shop, id: { differsFrom: first }, values: { kc: nil } }
    note: Only wiping the keychain (here, erasing the phone) gives a new token, as Adjust answered in issue 509.

"""#),
        ("r08-amplitude-app-clip-zero-device-id", #"""
name: Amplitude-Swift before 1.6.2 gives every App Clip user the same device_id, all zeros
description: >
  An App Clip reads identifierForVendor as the all-zero UUID. Amplitude-Swift takes the IDFV as device_id
  when the suite holds none, and before 1.6.2 it did not check for zeros, so every clip user sent
  00000000-0000-0000-0000-000000000000 and Amplitude's servers rejected the uploads with HTTP 400,
  "Invalid id provided", naming device_id (amplitude/Amplitude-Swift issue 182, fixed by PR 183 in
  1.6.2). The fix guards only the IDFV: a clip that already stored the zeros keeps them after the update,
  because a stored device_id is never checked for zeros (this last point is what the code implies, not
  part of the report). A new clip user on 1.6.2 gets a random UUID, and the full app, which replaces the
  clip and has a container of its own, gets the vendor's IDFV. The recipe is amplitude; its option
  zeroIDFVCheck stands for the SDK version.
presenterNotes: >
  Rules CLIP-34 (an App Clip reads the zero IDFV; the full app removes it), CT-23 (the suite goes with
  the container) and CT-24. Point at the sameOn check, then at the update: configure flips
  zeroIDFVCheck to true (1.6.2), and the stored zeros stay. `idscope strategies amplitude` prints the recipe.
devices:
  - { name: phone, os: "17.5" }
  - { name: other, os: "17.5" }
  - { name: third, os: "17.5" }
apps:
  - { bundle: com.acme.parking, team: ACME1234, strategy: amplitude, options: { apiKey: k123 } }
  - { bundle: com.acme.parking.Clip, team: ACME1234, clipOf: com.acme.parking, strategy: amplitude,
      options: { apiKey: k123, zeroIDFVCheck: false } }
steps:
  - install: com.acme.parking.Clip
  - launch: com.acme.parking.Clip
    label: clip
  - install: com.acme.parking.Clip
    device: other
  - launch: com.acme.parking.Clip
    device: other
  - expect: { app: com.acme.parking.Clip, device: other, id: zeros, values: { idfv: zeros } }
    note: Amplitude-Swift 1.6.1 takes the clip's IDFV of zeros as device_id.
  - expect: { app: com.acme.parking.Clip, sameOn: [phone, other] }
    note: Two clip users, one device_id; the server answers 400 "Invalid id provided" (issue 182).
  - update: com.acme.parking.Clip
  - configure: { app: com.acme.parking.Clip, zeroIDFVCheck: true }
    note: The clip ships Amplitude-Swift 1.6.2, which skips a zero IDFV (PR 183).
  - launch: com.acme.parking.Clip
  - expect: { app: com.acme.parking.Clip, id: zeros, values: { deviceId: zeros } }
    note: The stored device_id wins; only the IDFV source is checked for zeros.
  - install: com.acme.parking.Clip
    device: third
  - launch: com.acme.parking.Clip
    device: third
  - expect: { app: com.acme.parking.Clip, device: third, id: present, values: { deviceId: nil } }
    note: A new clip user on 1.6.2 gets a random UUID.
  - install: com.acme.parking
  - expect: { app: com.acme.parking.Clip, installed: false }
  - launch: com.acme.parking
  - expect: { app: com.acme.parking, id: { differsFrom: clip }, values: { idfv: present } }
    note: The full app replaces the clip; its own container, so a new device_id, the vendor's IDFV.

"""#),
        ("r09-mixpanel-distinct-id-until-uninstall", #"""
name: Mixpanel's distinct ID stays until the app is deleted; with useUniqueDistinctId, while the vendor keeps an app
description: >
  mixpanel-swift keeps the anonymous ID and the distinct ID ("$device:" and the anonymous ID, until
  identify) in the UserDefaults suite "Mixpanel", in the app's container. Asked whether the distinct ID
  is the same between sessions (mixpanel/mixpanel-react-native issue 172, whose iOS side runs
  mixpanel-swift), Mixpanel answered that it stays the same as long as the app is not uninstalled, and
  that with MIXPANEL_UNIQUE_DISTINCT_ID it stays the same even across an uninstall. The first answer
  holds: relaunch, reboot and update keep it, a delete and reinstall loses it. The second holds only
  while another app of the same team stays installed, because that ID is the IDFV, which is new once the
  vendor's last app is deleted. The recipe is mixpanel; its option useUniqueDistinctId is the runtime
  form of that compile-time flag.
presenterNotes: >
  Rules CT-23 (the suite goes with the container) and IDFV-5 (the IDFV lasts while an app of the vendor
  stays). com.acme.shop uses the default (a random UUID), com.acme.news useUniqueDistinctId. The recipe
  stores the distinct ID without its "$device:" prefix (see mixpanel.notes.md); the lifecycle is the same.
  `idscope strategies mixpanel` prints the recipe.
devices:
  - { name: phone, os: "17.5" }
apps:
  - { bundle: com.acme.shop, team: ACME1234, strategy: mixpanel, options: { token: T1 } }
  - { bundle: com.acme.news, team: ACME1234, strategy: mixpanel, options: { token: T2, useUniqueDistinctId: true } }
steps:
  - install: com.acme.shop
  - launch: com.acme.shop
    label: first
  - reboot
  - unlock
  - launch: com.acme.shop
  - expect: { app: com.acme.shop, id: unchanged, ids: { anonymous: unchanged }, values: { anonKey: present, distinctKey: present } }
    note: A new process reads both keys back from the suite.
  - update: com.acme.shop
  - launch: com.acme.shop
  - expect: { app: com.acme.shop, id: { sameAs: first } }
  - uninstall: com.acme.shop
  - install: com.acme.shop
  - launch: com.acme.shop
  - expect: { app: com.acme.shop, id: { differsFrom: first }, values: { distinctKey: nil } }
    note: Default (a random UUID) - the same until the app is deleted, as Mixpanel answered in issue 172.
  - install: com.acme.news
  - launch: com.acme.news
    label: news
  - uninstall: com.acme.news
  - install: com.acme.news
  - launch: com.acme.news
  - expect: { app: com.acme.news, id: { sameAs: news }, values: { distinctKey: nil, idfv: present } }
    note: useUniqueDistinctId - the suite is gone, but the IDFV is the same because com.acme.shop (same team) stayed.
  - uninstall: com.acme.shop
  - uninstall: com.acme.news
  - install: com.acme.news
  - launch: com.acme.news
  - expect: { app: com.acme.news, id: { differsFrom: news } }
    note: With every app of the team deleted, the IDFV, and so the "unique" distinct ID, is new.

"""#),
        ("r10-segment-new-anonymous-id-before-first-unlock", #"""
name: Segment's anonymousId is replaced by a launch before the first unlock
description: >
  segmentio/analytics-ios PR 865 (February 2020): an app that often started before the device was
  unlocked found that Segment could not read its stored data then, so those sessions sent events
  without the user_id and under a new anonymous_id. That was analytics-swift's predecessor, which kept
  the ID in a file; no report names analytics-swift itself, but its UserDefaults suite
  com.segment.storage.<writeKey> is just as unreadable before the first unlock (CT-25). A background
  launch after a reboot reads an empty suite and makes a new UUID; the same process keeps it when the
  user opens the app. Because analytics-swift writes the ID back at every start, that write reaches the
  disk at the unlock over the stored ID, and every later process carries the new one: the original
  anonymousId is gone for good (under profile defaultsBeforeFirstUnlock emptyCached the write would be
  dropped and it would come back).
presenterNotes: >
  Rule CT-25 (after a reboot UserDefaults read empty
  until the first unlock, and what the process wrote reaches the disk at the unlock). Watch the change at the
  unlock step: the suite's value is replaced, with rule CT-25. The recipe is segment
  (`idscope strategies segment`).
devices:
  - { name: phone, os: "17.5", passcode: true }
apps:
  - { bundle: com.acme.news, team: ACME1234, strategy: segment, options: { writeKey: WK123 } }
steps:
  - install: com.acme.news
  - launch: com.acme.news
    label: first
  - reboot
  - launch: { app: com.acme.news, mode: background }
    label: locked
    note: A silent push wakes the app before the user unlocks; the suite reads empty and Segment makes a new UUID.
  - expect: { app: com.acme.news, id: { differsFrom: first }, values: { anon: nil } }
  - unlock:
    note: What the locked process wrote (the new anonymousId) reaches the disk over the stored one.
  - launch: com.acme.news
    note: The user opens the app; the same process carries on with the ID in memory.
  - expect: { app: com.acme.news, id: { sameAs: locked } }
  - reboot
  - unlock
  - launch: com.acme.news
    note: A new process reads the suite, which now holds the locked launch's ID.
  - expect: { app: com.acme.news, id: { sameAs: locked }, values: { anon: present } }
  - expect: { app: com.acme.news, id: { differsFrom: first } }
    note: The anonymousId of the first launch never returns.

"""#),
        ("r11-posthog-device-id-stays-on-the-phone", #"""
name: PostHog's device ID stays on the phone, through a locked launch and away from restores
description: >
  No field report was found of posthog-ios's IDs changing or duplicating; this scenario shows what the
  code implies (PostHogStorage.swift 277-307, PostHogStorageManager.swift 73-127), not an observed
  incident. The SDK keeps $device_id and the anonymous ID in files of its own, excluded from backup at
  every write. A background launch after a reboot cannot read them (the container is locked until the
  first unlock, CT-25), so that process runs under new IDs; but its writes fail, so the stored files
  survive and the next process reads the old IDs again, unlike Segment's UserDefaults suite (r10).
  PostHog's own tracker raises the locked start only as a risk (posthog-ios issue 213, October 2024,
  opened by a maintainer for a user: delay setup until protected data is available). And because the
  files are in no backup, an iCloud restore onto a new phone brings the app back without them: the
  new phone gets new IDs, never the old phone's (CT-24), where cordova-device's cache duplicates (r01).
presenterNotes: >
  Rules CT-25 (before the first unlock the container can be neither read nor written) and CT-24
  (restores bring back the container except excluded files). Point at the failed file writes in the
  locked launch's notes. The recipe is posthog (`idscope strategies posthog`); its primary is the
  device ID, and `ids:` checks the anonymous ID too.
accounts:
  - { id: alice }
devices:
  - { name: phone, os: "17.5", passcode: true, appleID: alice }
  - { name: newphone, os: "17.5", passcode: true, appleID: alice }
apps:
  - { bundle: com.acme.notes, team: ACME1234, strategy: posthog, options: { projectToken: phc_demo } }
steps:
  - install: com.acme.notes
  - launch: com.acme.notes
    label: first
    note: No files yet; a new UUID v7 becomes the anonymous ID and seeds the device ID.
  - expect: { app: com.acme.notes, ids: { device: present, anonymous: present }, values: { deviceFile: nil, anonFile: nil } }
  - reboot
  - launch: { app: com.acme.notes, mode: background }
    label: locked
    note: Before the first unlock the files cannot be read; the process makes new IDs, and writing them fails.
  - expect: { app: com.acme.notes, id: { differsFrom: first }, ids: { anonymous: { differsFrom: first } }, values: { deviceFile: nil } }
  - unlock
  - launch: com.acme.notes
    note: The same process comes to the foreground and keeps the IDs it made while locked.
  - expect: { app: com.acme.notes, id: { sameAs: locked } }
  - reboot
  - unlock
  - launch: com.acme.notes
    note: A new process reads the files, which the locked one never managed to overwrite.
  - expect: { app: com.acme.notes, id: { sameAs: first }, ids: { anonymous: { sameAs: first } }, values: { deviceFile: present } }
  - backup: { kind: icloud, as: cloud }
  - restore: cloud
    device: newphone
  - launch: com.acme.notes
    device: newphone
    note: The app came back with the restore, its ID files did not.
  - expect: { app: com.acme.notes, device: newphone, id: { differsFrom: first }, values: { deviceFile: nil, anonFile: nil } }
  - launch: com.acme.notes
  - expect: { app: com.acme.notes, id: { sameAs: first } }
    note: The old phone keeps its ID; the two phones never share one.

"""#),
        ("r12-revenuecat-new-app-user-id-after-prewarm", #"""
name: RevenueCat keeps the new anonymous App User ID made by a prewarmed launch before the first unlock
description: >
  RevenueCat/purchases-ios issue 4623 (December 2024, on the then latest 5.x): after a reboot, iOS
  prewarmed an app with Live Activities before the user unlocked the phone. UserDefaults read empty
  then (CT-25), so configure() found no App User ID in UserDefaults.standard or in its suite
  com.revenuecat.user_defaults, made a new $RCAnonymousID and wrote it to the suite. Users lost
  their entitlements and kept the new anonymous ID until they restored purchases; the reporter's
  workaround was to call configure() only once the device is unlocked. The write reaches the disk at
  the first unlock over the stored ID, so the old ID does not come back with the next process.
presenterNotes: >
  Rule CT-25 (after a reboot UserDefaults read empty
  until the first unlock, and a process's writes reach the disk at the unlock, over what was stored). Watch the
  suite's value change at the unlock step. The recipe is revenuecat (`idscope strategies revenuecat`);
  the app uses its default store choice (no with(userDefaults:)).
devices:
  - { name: phone, os: "17.5", passcode: true }
apps:
  - { bundle: com.acme.fit, team: ACME1234, strategy: revenuecat }
steps:
  - install: com.acme.fit
  - launch: com.acme.fit
    label: first
    note: A fresh install (SDK 4.14.3 or later) keeps its new $RCAnonymousID in the suite.
  - reboot
  - launch: { app: com.acme.fit, mode: prewarm }
    label: prewarmed
    note: iOS prewarms the app for its Live Activity; both UserDefaults read empty and configure() makes a new ID.
  - expect: { app: com.acme.fit, id: { differsFrom: first }, values: { std: nil, suite: nil, suiteLegacy: nil } }
  - unlock:
    note: The prewarmed process's write reaches the disk, over the ID stored in the suite.
  - launch: com.acme.fit
    note: The user opens the app; the prewarmed process carries on, without the old ID's entitlements.
  - expect: { app: com.acme.fit, id: { sameAs: prewarmed } }
  - reboot
  - unlock
  - launch: com.acme.fit
    note: A new process reads the suite, which now holds the prewarmed launch's ID.
  - expect: { app: com.acme.fit, id: { sameAs: prewarmed }, values: { suite: present, std: nil } }
  - expect: { app: com.acme.fit, id: { differsFrom: first } }
    note: The first App User ID, the one the purchases were made under, never returns; only restoring purchases links them again.

"""#),
        ("r13-sentry-new-user-per-install", #"""
name: Sentry counts one phone as five users, while app.device changes once
description: >
  sentry-cocoa issue 3118 ("Clarification User id vs. app.device", reported on version 7.7.3): one crash was counted
  for 5 users but only 2 distinct app.device values, and the reporter expected both to live and die
  with the app. The maintainer answered that app.device is computed from device information and stays
  after the app is deleted, while the user ID is made again for each installation. The user ID is
  Sentry's installation ID, kept in Library/Caches/INSTALLATION: deleting the app deletes it, a backup
  leaves Caches out, and the system may empty Caches when storage is low, so a reinstall, a purge or a
  restore each make a new one. app.device is a SHA-1 over the IDFV, the model and the bundle ID: it
  stays while the vendor's IDFV stays, and changes once every app of the vendor has been deleted. The
  notes app, of the same team, reads the raw IDFV and stands in for app.device.
presenterNotes: >
  Rules CT-23 (the container goes with the app), CT-39 (Caches is in no backup and the system may
  empty it), IDFV-5 (the IDFV goes with the vendor's last app) and IDFV-7 (a restore onto the same
  phone keeps it). `idscope strategies sentry` prints the recipe. Five distinct ids, labelled u1 to u5;
  the notes app's IDFV is the same for u1 to u4 and new for u5.
devices:
  - { name: phone, os: "17.5", passcode: true }
apps:
  - { bundle: com.acme.shop, team: ACME1234, strategy: sentry }
  - { bundle: com.acme.notes, team: ACME1234, strategy: expo-application }
steps:
  - install: com.acme.shop
  - install: com.acme.notes
  - launch: com.acme.shop
    label: u1
  - launch: com.acme.notes
    label: device1
  - uninstall: com.acme.shop
  - install: com.acme.shop
  - launch: com.acme.shop
    label: u2
  - expect: { app: com.acme.shop, id: { differsFrom: u1 }, values: { installationFile: nil } }
    note: The INSTALLATION file went with the app; Sentry counts a second user.
  - launch: com.acme.notes
  - expect: { app: com.acme.notes, id: { sameAs: device1 } }
    note: The notes app kept the vendor's IDFV, so app.device (a hash of it) is unchanged.
  - reboot
  - unlock
  - purgeCaches:
    note: Low on storage, iOS empties Library/Caches of every app not running.
  - launch: com.acme.shop
    label: u3
  - expect: { app: com.acme.shop, id: { differsFrom: u2 }, values: { installationFile: nil } }
    note: No reinstall this time; the file was purged and Sentry counts a third user.
  - backup: { kind: encrypted, as: nightly }
  - restore: nightly
  - launch: com.acme.shop
    label: u4
  - expect: { app: com.acme.shop, id: { differsFrom: u3 }, values: { installationFile: nil } }
    note: The backup left Caches out; the restored app makes a fourth installation ID.
  - launch: com.acme.notes
  - expect: { app: com.acme.notes, id: { sameAs: device1 } }
    note: Restored onto the same phone, the vendor's IDFV is back, and app.device with it.
  - uninstall: com.acme.shop
  - uninstall: com.acme.notes
  - install: com.acme.shop
  - install: com.acme.notes
  - launch: com.acme.shop
    label: u5
  - expect: { app: com.acme.shop, id: { differsFrom: u4 } }
    note: A fifth user.
  - launch: com.acme.notes
  - expect: { app: com.acme.notes, id: { differsFrom: device1 } }
    note: Only now, with every app of the vendor deleted, is the IDFV new, so app.device changes, once.

"""#),
        ("r14-branch-tokens-follow-migration", #"""
name: Branch's server tokens and anon_id move to a new iPhone with a migration, and a reinstall starts over (code implication)
description: >
  No field report is known for this; it is what the Branch iOS SDK 3.14.0 code implies. Branch keeps
  the randomized_device_token and randomized_bundle_token its server assigned, and the anon_id it
  made, in one file, Library/Application Support/io.branch/BNCPreferences, which is not excluded from
  backup. A first launch without network has an anon_id but no tokens, and the next launch that
  reaches Branch's server is the install that gets them. A device-to-device migration carries the
  file, so the new iPhone sends an open with the old phone's device token, bundle token and anon_id,
  and only hardware_id (the new phone's IDFV) tells them apart. Deleting the app deletes the file, so
  the reinstall sends an install and gets new tokens and a new anon_id.
presenterNotes: >
  Rules CT-24 and KC-22a (a migration carries the container), IDFV-7 (the new phone's vendor IDFV is
  new), CT-23 (the file goes with the app). The server source gives nothing at a launch with
  network: false. `idscope strategies branch` prints the recipe; the primary ID is deviceToken.
devices:
  - { name: phone, os: "17.5", passcode: true }
  - { name: newphone, os: "17.5", passcode: true }
apps:
  - { bundle: com.acme.shop, team: ACME1234, strategy: branch }
steps:
  - install: com.acme.shop
  - launch: { app: com.acme.shop, network: false }
    label: offline
  - expect: { app: com.acme.shop, ids: { deviceToken: nil, bundleToken: nil, anonId: present } }
    note: No reply from Branch yet, so no tokens; anon_id is made on the device and stored.
  - launch: com.acme.shop
    label: old
  - expect: { app: com.acme.shop, ids: { deviceToken: present, bundleToken: present, anonId: { sameAs: offline } } }
    note: The install request reaches the server, which assigns both tokens; they are stored.
  - migrate: { from: phone }
    device: newphone
  - launch: com.acme.shop
    device: newphone
  - expect: { app: com.acme.shop, device: newphone, id: { sameAs: old }, values: { prefsBundleToken: present },
              ids: { bundleToken: { sameAs: old }, anonId: { sameAs: old }, hardwareId: { differsFrom: old } } }
    note: The file came over with the container; a stored bundle token means an open, not an install, with the old phone's IDs.
  - launch: com.acme.shop
  - expect: { app: com.acme.shop, sameOn: [phone, newphone] }
    note: Both phones now send one randomized_device_token.
  - uninstall: com.acme.shop
  - install: com.acme.shop
  - launch: com.acme.shop
  - expect: { app: com.acme.shop, id: { differsFrom: old }, values: { prefsBundleToken: nil },
              ids: { bundleToken: { differsFrom: old }, anonId: { differsFrom: old } } }
    note: The file went with the app; no bundle token, so Branch sends an install and everything is new.

"""#),
        ("r15-onesignal-subscription-follows-migration", #"""
name: OneSignal's push subscription moves to a new iPhone with a migration, and a reinstall is a new user
description: >
  OneSignal 5.x keeps the push subscription ID and the onesignal_id its server assigned in the
  UserDefaults suite group.<bundle>.onesignal. OneSignal-iOS-SDK issue 77 ("OneSignal create
  duplicate users for same iOS device"): every delete and reinstall made a new OneSignal user, and
  the maintainers answered that an app cannot tell a reinstall from a first install. Deleting the
  group's last app deletes the suite, so the reinstall finds no cached user and the server makes a
  new user and subscription. OneSignal-Flutter-SDK issue 1068 ("Why isn't my subscription ID updated
  after data migration?"): after moving to a new iPhone the subscription ID was the old one and the
  dashboard still showed the old phone; the maintainers answered that the subscription ID is tied to
  the device. A device-to-device migration carries the suite, so the new iPhone loads the cached
  user, with the old subscription ID and onesignal_id, while APNs gives it a new token.
presenterNotes: >
  Rules KC-22a and CT-24 (a migration carries the container and the App Group suite), APNS-35 (new
  hardware, new token), CT-36 and CT-23 (the suite goes with the group's last app). The server
  source stands for POST users. `idscope strategies onesignal` prints the recipe; the primary ID is
  pushSubscription.
devices:
  - { name: phone, os: "18.5", passcode: true }
  - { name: newphone, os: "18.5", passcode: true }
apps:
  - { bundle: com.acme.news, team: ACME1234, appGroups: [group.com.acme.news.onesignal], strategy: onesignal }
steps:
  - install: com.acme.news
  - launch: com.acme.news
    label: old
  - expect: { app: com.acme.news, ids: { pushSubscription: present, onesignalId: present } }
    note: No cached user; the server creates a user and a push subscription, stored in the group's suite.
  - migrate: { from: phone }
    device: newphone
  - launch: com.acme.news
    device: newphone
  - expect: { app: com.acme.news, device: newphone, id: { sameAs: old }, apnsToken: { differsFrom: old },
              ids: { onesignalId: { sameAs: old } }, values: { pushModel: present, identityModel: present } }
    note: The suite came over, so the new iPhone loads the cached user; same subscription ID, new APNs token (issue 1068).
  - launch: com.acme.news
  - expect: { app: com.acme.news, sameOn: [phone, newphone] }
    note: Both phones report one push subscription.
  - uninstall: com.acme.news
  - install: com.acme.news
  - launch: com.acme.news
  - expect: { app: com.acme.news, id: { differsFrom: old }, ids: { onesignalId: { differsFrom: old } },
              values: { pushModel: nil, identityModel: nil } }
    note: The group's last app is gone and the suite with it; the server makes a new user and subscription (issue 77).

"""#),
        ("r16-datadog-anonymous-user-lives-in-caches", #"""
name: Datadog's anonymous user lives in Library/Caches
description: >
  dd-sdk-ios keeps RUM's anonymous user ID (usr.anonymous_id) in a file under Library/Caches, read
  once per process by RUM.enable (dd-sdk-ios PR 2172, which introduced it in 2.24.0, on by default).
  No report of it being lost was found; this shows what the code implies. A relaunch and a reboot
  keep it. The system emptying Caches, clearAllData and a restore lose it, each for a new anonymous
  user: Caches is in no backup, so a restored phone neither keeps it nor gets another phone's.
  clearUserInfo, the usual logout, keeps it (PR 2376). Turning trackAnonymousUser off deletes it at
  the next start, and turning it on again makes a new one.
presenterNotes: >
  Rules CT-39 (Caches: in no backup, emptied by the system) and CT-23 (the container goes with the
  app). The recipe is datadog; its calls are launch (the SDK's start) and clearAllData. Within one
  process the ID is kept in memory (cache: process), so clearAllData shows only in the next process.
devices:
  - { name: phone, os: "17.5", passcode: true }
apps:
  - { bundle: com.acme.shop, team: ACME1234, strategy: datadog }
steps:
  - install: com.acme.shop
  - launch: com.acme.shop
    label: first
  - reboot
  - unlock
  - launch: com.acme.shop
  - expect: { app: com.acme.shop, id: { sameAs: first }, values: { anon: present } }
    note: A new process reads the file back.
  - terminate: com.acme.shop
  - purgeCaches
  - launch: com.acme.shop
    label: afterPurge
  - expect: { app: com.acme.shop, id: { differsFrom: first } }
    note: The system emptied Library/Caches while the app was not running; RUM reports a new anonymous user.
  - call: { app: com.acme.shop, name: clearAllData }
  - expect: { app: com.acme.shop, id: { sameAs: afterPurge }, values: { anon: nil } }
    note: The file is gone, but this process keeps the ID in memory.
  - terminate: com.acme.shop
  - launch: com.acme.shop
    label: afterClear
  - expect: { app: com.acme.shop, id: { differsFrom: afterPurge } }
    note: The next process finds no file and makes a new ID.
  - backup: { kind: encrypted, as: nightly }
  - erase
  - restore: nightly
  - unlock
  - launch: com.acme.shop
    label: restored
  - expect: { app: com.acme.shop, id: { differsFrom: afterClear } }
    note: Caches is in no backup, so even an encrypted restore brings no ID back.
  - configure: { app: com.acme.shop, trackAnonymousUser: false }
  - terminate: com.acme.shop
  - launch: com.acme.shop
  - expect: { app: com.acme.shop, id: nil, values: { anon: nil } }
    note: With trackAnonymousUser off, RUM.enable deletes the file and reports no anonymous user.
  - configure: { app: com.acme.shop, trackAnonymousUser: true }
  - terminate: com.acme.shop
  - launch: com.acme.shop
  - expect: { app: com.acme.shop, id: { differsFrom: restored } }
    note: Off then on is a new anonymous user, since the start with it off deleted the file.

"""#),
        ("r17-launchdarkly-context-key-idfv-then-stored-uuid", #"""
name: LaunchDarkly's default context key was the IDFV up to 7.x and is a stored UUID from 8.0
description: >
  Started without a context, the SDK keys its default context by UserDefaults ldDeviceIdentifier,
  a UUID made at the first start (8.0 on). Up to 7.x the key was the IDFV and nothing was stored,
  so the upgrade makes a new context for every install (no report names it; it is what the code
  implies), and each reinstall makes another: the influx of UUID-keyed contexts ios-client-sdk issue
  452 asked about. identify changes the active context, not the stored key.
presenterNotes: >
  Rules CT-23 (UserDefaults go with the container) and IDFV-5 (the IDFV stays while an app of the
  vendor does). The recipe is launchdarkly; its option sdk says which key rule runs, and identify is
  a call with the app's context key.
devices:
  - { name: phone, os: "17.5", passcode: true }
apps:
  - { bundle: com.acme.shop, team: ACME1234, strategy: launchdarkly, options: { sdk: 7 } }
  - { bundle: com.acme.news, team: ACME1234, strategy: launchdarkly }
steps:
  - install: com.acme.shop
  - launch: com.acme.shop
    label: v7
  - expect: { app: com.acme.shop, id: present, values: { idfv: present, anonKey: nil } }
    note: 7.x - the key is the IDFV, and nothing is stored.
  - install: com.acme.news
  - launch: com.acme.news
    label: news
  - expect: { app: com.acme.news, id: { differsFrom: v7 }, values: { uuid: present, anonKey: nil } }
    note: 9.x - ldDeviceIdentifier is empty, so a new UUID, written there at once.
  - update: com.acme.shop
  - configure: { app: com.acme.shop, sdk: 9 }
  - launch: com.acme.shop
    label: v9
  - expect: { app: com.acme.shop, id: { differsFrom: v7 }, values: { uuid: present } }
    note: The upgrade ignores the IDFV and makes a new UUID - a new context for every upgraded install.
  - call: { app: com.acme.news, name: identify, value: user-42 }
  - expect: { app: com.acme.news, id: { sameAs: news }, ids: { context: { equals: user-42 } } }
    note: identify changes the active context only; ldDeviceIdentifier stays.
  - reboot
  - unlock
  - launch: com.acme.shop
  - expect: { app: com.acme.shop, id: { sameAs: v9 }, values: { anonKey: present } }
    note: The UUID was stored; the next start reads it back.
  - uninstall: com.acme.news
  - install: com.acme.news
  - launch: com.acme.news
  - expect: { app: com.acme.news, id: { differsFrom: news }, ids: { context: { differsFrom: news } } }
    note: A reinstall empties the container - another new context (issue 452).

"""#),
        ("r18-rudderstack-idfv-anonymous-id-until-collect-device-id-off", #"""
name: RudderStack's IDFV anonymousId survives the 1.19 upgrade until collectDeviceId is turned off
description: >
  Up to 1.18 rudder-sdk-ios used the lowercase IDFV as anonymousId and stored it in UserDefaults.
  1.19 makes a random lowercase UUID for new installs but keeps a stored ID, so upgraded users keep
  the IDFV. Turning withCollectDeviceId off drops a stored ID equal to the IDFV at the next start,
  and the user gets a new UUID, as rudder-sdk-ios PR 361 warned when it made the change. reset:YES
  makes another; a reinstall another again, with no IDFV to fall back on.
presenterNotes: >
  Rules CT-23 (UserDefaults and the plist go with the container) and IDFV-5. The recipe is
  rudderstack; its option idDefault: idfv stands for 1.18, and the launch call is the SDK's start,
  which drops an ID equal to the IDFV when collectDeviceId is off.
devices:
  - { name: phone, os: "17.5" }
apps:
  - { bundle: com.acme.shop, team: ACME1234, strategy: rudderstack, options: { idDefault: idfv } }
steps:
  - install: com.acme.shop
  - launch: com.acme.shop
    label: v118
  - expect: { app: com.acme.shop, values: { idfv: present } }
    note: 1.18 - the anonymousId is the lowercase IDFV, written to rl_anonymous_id.
  - update: com.acme.shop
  - configure: { app: com.acme.shop, idDefault: uuid }
  - launch: com.acme.shop
  - expect: { app: com.acme.shop, id: { sameAs: v118 }, values: { anon: present, anonCopy: present } }
    note: 1.31 keeps the stored IDFV and copies it into the plist (collectDeviceId is still on).
  - configure: { app: com.acme.shop, collectDeviceId: false }
  - terminate: com.acme.shop
  - launch: com.acme.shop
    label: uuid
  - expect: { app: com.acme.shop, id: { differsFrom: v118 }, values: { uuid: present } }
    note: The stored ID equals the IDFV, so the start drops it and a new UUID is made - every upgraded user changes.
  - call: { app: com.acme.shop, name: reset }
  - expect: { app: com.acme.shop, id: { differsFrom: uuid } }
    label: reset
    note: reset:YES (1.19 on) replaces it at once.
  - terminate: com.acme.shop
  - launch: com.acme.shop
  - expect: { app: com.acme.shop, id: { sameAs: reset } }
    note: The new ID was stored; the next start keeps it.
  - uninstall: com.acme.shop
  - install: com.acme.shop
  - launch: com.acme.shop
  - expect: { app: com.acme.shop, id: { differsFrom: reset }, values: { anon: nil, uuid: present } }
    note: Nothing outlives the app, and 1.19 on no longer falls back to the IDFV.

"""#),
        ("r19-fingerprintjs-device-id-survives-reinstall-not-erase", #"""
name: FingerprintJS keeps its device ID across reinstalls but not an erase
description: >
  fingerprintjs-ios issue 48 asked how long getDeviceId() lasts; the answer is in the code: it is
  the IDFV first seen, kept in an AfterFirstUnlockThisDeviceOnly keychain item, so it outlives a
  reinstall that changes the IDFV and is gone after an erase; before the first unlock it is nil.
  The move from the 1.2.0 item (WhenUnlocked) to the new one can replace an old ID by today's IDFV
  when the first launch of the new version happens while the device is locked: what the code
  implies, with no report.
presenterNotes: >
  Rules KC-19 (keychain items outlive the app), IDFV-5 (a new IDFV once the vendor's last app is
  gone), KC-17 (a locked device refuses WhenUnlocked items) and KC-22 (an erase wipes the keychain).
  The recipe is fingerprintjs; keychainV2: false stands for 1.0.0-1.2.0.
devices:
  - { name: phone, os: "17.5", passcode: true }
apps:
  - { bundle: com.acme.shop, team: ACME1234, strategy: fingerprintjs }
  - { bundle: com.bank.app, team: BANK5678, strategy: fingerprintjs, options: { keychainV2: false } }
steps:
  - install: com.acme.shop
  - launch: com.acme.shop
    label: first
  - reboot
  - launch: { app: com.acme.shop, mode: background }
  - expect: { app: com.acme.shop, id: nil }
    note: Before the first unlock the item is refused and the IDFV is nil; there is no UUID to fall back on.
  - unlock
  - call: { app: com.acme.shop, name: getDeviceId }
  - expect: { app: com.acme.shop, id: { sameAs: first } }
    note: Asked again in the same process after the unlock, it reads the item.
  - uninstall: com.acme.shop
  - install: com.acme.shop
  - launch: com.acme.shop
  - expect: { app: com.acme.shop, id: { sameAs: first }, values: { kc: present } }
    note: The keychain item survives the reinstall although the IDFV is new.
  - install: com.bank.app
  - launch: com.bank.app
    label: old
  - uninstall: com.bank.app
  - install: com.bank.app
  - launch: com.bank.app
  - expect: { app: com.bank.app, id: { sameAs: old } }
    note: 1.2.0 - the reinstall made a new IDFV, and the old item kept the ID.
  - update: com.bank.app
  - configure: { app: com.bank.app, keychainV2: true }
  - lock
  - launch: { app: com.bank.app, mode: background }
  - expect: { app: com.bank.app, id: { differsFrom: old } }
    note: The new version's first launch while locked finds nothing in id.vendor and is refused the WhenUnlocked item, so it takes today's IDFV and writes it to id.vendor.
  - unlock
  - launch: com.bank.app
  - expect: { app: com.bank.app, id: { differsFrom: old }, values: { kc: present } }
    note: From now on id.vendor answers first - the old ID is lost for good.
  - erase
  - install: com.acme.shop
  - launch: com.acme.shop
  - expect: { app: com.acme.shop, id: { differsFrom: first } }
    note: An erase gives a new device ID.

"""#),
        ("r20-airship-new-channel-on-another-phones-restore", #"""
name: Airship makes a new channel on a phone restored from another phone's backup
description: >
  Airship keeps the channel ID in the suite <bundle>.airship.settings, which every backup carries,
  and a device ID in a ThisDeviceOnly keychain item, which a backup brings back only to the same
  phone. At start the SDK compares the item with its copy in the suite; when they differ it clears
  the channel and asks the server for a new one. So a phone restored from another's iCloud backup
  gets its own channel, as the fix for ios-library issue 313 (16.5.1) made it, and the maintainer
  described in issue 414; the phone restored from its own backup keeps its channel.
presenterNotes: >
  Rules KC-21 (ThisDeviceOnly items never reach other hardware), CT-24 (the suite is in every
  backup) and KC-22 (an erase wipes the keychain). The recipe is airship; the launch call is the
  SDK's restore check.
devices:
  - { name: phone, os: "18.5", passcode: true, appleID: alice }
  - { name: newphone, os: "18.5", passcode: true, appleID: alice }
accounts: [{ id: alice }]
apps:
  - { bundle: com.acme.news, team: ACME1234, strategy: airship, options: { appKey: K1 } }
steps:
  - install: com.acme.news
  - launch: com.acme.news
    label: old
  - terminate: com.acme.news
  - launch: com.acme.news
  - expect: { app: com.acme.news, id: { sameAs: old }, values: { seen: present, kc: present } }
  - backup: { kind: icloud, as: cloud }
  - restore: cloud
    device: newphone
  - { unlock: , device: newphone }
  - launch: com.acme.news
    device: newphone
    label: new
  - expect: { app: com.acme.news, device: newphone, id: { differsFrom: old } }
    note: The suite came over, the ThisDeviceOnly item did not - a restore, so a new channel.
  - launch: com.acme.news
  - expect: { app: com.acme.news, id: { sameAs: old } }
    note: The old phone keeps its channel.
  - erase
  - restore: cloud
  - unlock
  - launch: com.acme.news
  - expect: { app: com.acme.news, id: { sameAs: old } }
    note: The same phone and its own backup - the item came back, so no restore is seen.
  - uninstall: com.acme.news
  - install: com.acme.news
  - launch: com.acme.news
  - expect: { app: com.acme.news, id: { differsFrom: old } }
    note: The suite went with the app, and the server issues a new channel (issue 219 says not to rely on either).

"""#),
        ("r21-statsig-override-outlives-its-removal", #"""
name: Statsig's overridden stable ID stays after the override is removed
description: >
  statsig-kit keeps the stable ID in UserDefaults.standard and lets the app override it with the
  option overrideStableID, which the SDK writes over the stored one at every initialize and
  updateUser. No report names what follows; it is what the code implies: once an app has shipped
  an override, removing it does not bring the old stable ID back, because the stored one is now the
  override. A reinstall empties UserDefaults and makes a new one.
presenterNotes: >
  Rule CT-23 (UserDefaults go with the container). The recipe is statsig; updateUser is a call, and
  the option stands for StatsigOptions.overrideStableID.
devices:
  - { name: phone, os: "17.5" }
apps:
  - { bundle: com.acme.shop, team: ACME1234, strategy: statsig }
steps:
  - install: com.acme.shop
  - launch: com.acme.shop
    label: first
  - call: { app: com.acme.shop, name: updateUser }
  - expect: { app: com.acme.shop, id: { sameAs: first } }
    note: A user built again reads the same stored stable ID.
  - update: com.acme.shop
  - configure: { app: com.acme.shop, overrideStableID: team-device-7 }
  - launch: com.acme.shop
  - expect: { app: com.acme.shop, id: { equals: team-device-7 } }
    note: The override wins, and is written over the stored stable ID.
  - update: com.acme.shop
  - configure: { app: com.acme.shop, overrideStableID: "" }
  - launch: com.acme.shop
  - expect: { app: com.acme.shop, id: { equals: team-device-7 } }
    note: The override is gone from the code, but not from UserDefaults - the first stable ID does not come back.
  - uninstall: com.acme.shop
  - install: com.acme.shop
  - launch: com.acme.shop
  - expect: { app: com.acme.shop, id: { differsFrom: first } }
    note: A reinstall empties UserDefaults; a new stable ID.

"""#),
        ("r22-meta-advertiser-id-keeps-zeros-until-the-process-ends", #"""
name: Meta's advertiser ID keeps the zeros it read before the ATT answer until the app's process ends
description: >
  Since v18.1.0 the Facebook SDK caches the IDFA string for the process, zeros included, to stop a
  main-thread hang (facebook-ios-sdk issue 2942, fixed by commit 6064a5fa). No report names what
  follows; it is what the code implies: an app that logs an event before the user answers the ATT
  prompt sends zeros as advertiser_id until its process ends, even after "Allow". The anonymous ID
  is a file in Library/, backed up: a restore onto a second phone gives that phone the same anon_id,
  and a reinstall makes a new one.
presenterNotes: >
  Rules IDFA-9 (zeros until authorized), CT-23 (the container goes with the app) and CT-24
  (containers restore anywhere). The recipe is meta; setUserID is a call, AppEvents.shared.userID = value.
devices:
  - { name: phone, os: "17.5", passcode: true }
  - { name: phone2, os: "17.5", passcode: true }
apps:
  - { bundle: com.acme.shop, team: ACME1234, strategy: meta }
steps:
  - install: com.acme.shop
  - launch: com.acme.shop
    label: first
  - expect: { app: com.acme.shop, att: notDetermined, ids: { advertiser: zeros, anon: present } }
    note: The first event is built before the ATT prompt - the IDFA reads as zeros, and the SDK keeps that string.
  - requestTracking: { app: com.acme.shop, answer: allow }
  - launch: com.acme.shop
  - expect: { app: com.acme.shop, att: authorized, ids: { advertiser: zeros, anon: { sameAs: first } } }
    note: The same process - the cached all-zero string is still what advertiser_id carries.
  - terminate: com.acme.shop
  - launch: com.acme.shop
  - expect: { app: com.acme.shop, ids: { advertiser: present, anon: { sameAs: first } } }
    note: A new process reads the real IDFA.
  - call: { app: com.acme.shop, name: setUserID, value: user-42 }
  - expect: { app: com.acme.shop, ids: { user: { equals: user-42 }, anon: { sameAs: first } } }
    note: The app's user ID sits beside the anonymous ID; neither touches the other.
  - backup: { kind: encrypted, as: nightly }
  - restore: { backup: nightly }
    device: phone2
  - launch: com.acme.shop
    device: phone2
  - expect: { app: com.acme.shop, device: phone2, ids: { anon: { sameAs: first } }, sameOn: [phone, phone2] }
    note: The backed-up Library file carries anon_id to the second phone - two devices, one anon_id.
  - uninstall: com.acme.shop
  - install: com.acme.shop
  - launch: com.acme.shop
  - expect: { app: com.acme.shop, ids: { anon: { differsFrom: first }, user: nil } }
    note: A reinstall empties the container - a new anon_id, and no user ID.

"""#),
        ("r23-clevertap-known-user-returns-to-their-id", #"""
name: CleverTap's ID is the IDFV's, comes back to a known user at login, and follows a restore to a new phone
description: >
  CleverTap keeps its ID in UserDefaults.standard: "-v" and the IDFV, lowercased, without dashes.
  The first onUserLogin on an install keeps it; another user gets a new random ID; the first user's
  next login returns to the first ID, and the second user's to theirs. A reinstall keeps the ID only
  while another app of the team keeps the IDFV (clevertap-flutter PR 74 asked to set the ID because
  "a reinstall makes a new one"); a restore to a new phone carries the stored ID there, so two
  phones send one ID (clevertap-react-native issue 175 met several IDs for one user across logins).
presenterNotes: >
  Rules IDFV-5 (the IDFV lasts while an app of the vendor stays), CT-23 (the defaults go with the
  app) and CT-24 (containers restore anywhere). The recipe is clevertap; onUserLogin is a call whose
  value is the identity, and the map of identities to GUIDs is a store kept per identity.
devices:
  - { name: phone, os: "18.5", passcode: true }
  - { name: newphone, os: "18.5", passcode: true }
apps:
  - { bundle: com.acme.shop, team: ACME1234, strategy: clevertap, options: { accountId: W44 } }
  - { bundle: com.acme.news, team: ACME1234, strategy: clevertap, options: { accountId: W55 } }
steps:
  - install: com.acme.shop
  - launch: com.acme.shop
    label: first
  - call: { app: com.acme.shop, name: onUserLogin, value: alice }
  - expect: { app: com.acme.shop, id: { sameAs: first } }
    note: Nobody had logged in on this install - the login keeps the current ID (issue 99's log shows this branch).
  - call: { app: com.acme.shop, name: onUserLogin, value: bob }
    label: bob
  - expect: { app: com.acme.shop, id: { differsFrom: first } }
    note: Another user - a new random ID.
  - call: { app: com.acme.shop, name: onUserLogin, value: alice }
  - expect: { app: com.acme.shop, id: { sameAs: first } }
    note: The map sends alice back to her first ID on this install.
  - call: { app: com.acme.shop, name: onUserLogin, value: bob }
  - expect: { app: com.acme.shop, id: { sameAs: bob } }
    note: And bob back to his.
  - launch: com.acme.shop
  - expect: { app: com.acme.shop, id: { sameAs: bob } }
    note: The next launch reads the stored ID - the last login's.
  - install: com.acme.news
  - launch: com.acme.news
  - uninstall: com.acme.shop
  - install: com.acme.shop
  - launch: com.acme.shop
  - expect: { app: com.acme.shop, id: { sameAs: first } }
    note: The defaults went with the app, but the IDFV did not change, so "-v" and the IDFV is the first ID again.
  - call: { app: com.acme.shop, name: onUserLogin, value: bob }
  - expect: { app: com.acme.shop, id: { sameAs: first } }
    note: The map went with the app too - bob's login on this fresh install keeps the current ID.
  - uninstall: com.acme.shop
  - uninstall: com.acme.news
  - install: com.acme.shop
  - launch: com.acme.shop
    label: fresh
  - expect: { app: com.acme.shop, id: { differsFrom: first } }
    note: The team's last app went, the IDFV with it - PR 74's "a reinstall makes a new ID".
  - backup: { kind: encrypted, as: nightly }
  - restore: { backup: nightly }
    device: newphone
  - launch: com.acme.shop
    device: newphone
  - expect: { app: com.acme.shop, device: newphone, id: { sameAs: fresh }, sameOn: [phone, newphone] }
    note: The stored ID came with the backup and wins over the new phone's IDFV - two phones, one CleverTap ID.

"""#),
        ("s01-serve-devicecheck-two-teams", #"""
name: DeviceCheck on two devices and two teams (what `idscope serve` serves)
description: >
  Three apps that use DeviceCheck, of two signing teams, on an iPhone and an iPad. Each launch mints
  a fresh token; the two bits live on Apple's side per team, hardware and environment, so ACME's
  apps share theirs on each device, the other team's are separate, and the Xcode build on the iPad
  talks to the development environment. `idscope serve` without a scenario serves this one: a
  backend test reads the tokens from GET /idscope/tokens.
presenterNotes: >
  Rules DC-26 (a new token on every call) and DC-27 (bits per team, hardware and environment;
  they survive erase and never move with a backup).
seed: 11
devices:
  - { name: phone, os: "17.5", kind: iphone, passcode: true }
  - { name: tablet, os: "16.7", kind: ipad }
apps:
  - { bundle: com.acme.trial, team: ACME1234, name: ACME Trial, strategy: devicecheck }
  - { bundle: com.acme.shop, team: ACME1234, name: ACME Shop, strategy: devicecheck }
  - { bundle: org.other.quiz, team: OTHR5678, name: Other Quiz, strategy: devicecheck }
steps:
  - install: com.acme.trial
    note: The trial app on the phone; its server will mark the device once the free trial is used.
  - install: com.acme.shop
  - install: org.other.quiz
  - install: com.acme.trial
    device: tablet
  - install: { app: com.acme.shop, source: xcode }
    device: tablet
    note: A development build from Xcode; its tokens belong to the development environment.
  - launch: com.acme.trial
    note: A token, and no bits set yet for ACME on this phone.
  - deviceCheck: { app: com.acme.trial, bit0: true }
    note: ACME's server marks the phone (bit0 = trial used).
  - launch: com.acme.shop
    note: Another ACME app on the same phone reads the same two bits.
  - expect: { app: com.acme.shop, values: { bit0: { equals: "true" } } }
  - launch: org.other.quiz
    note: Another team has its own bits; none set here.
  - expect: { app: org.other.quiz, values: { bit0: nil } }
  - launch: com.acme.trial
    device: tablet
  - launch: com.acme.shop
    device: tablet
  - expect: { app: com.acme.trial, device: tablet, values: { bit0: nil } }

"""#),
        ("tour", #"""
name: A tour of iOS identifiers
description: >
  Two apps of one vendor and one of another on a passcode-protected iPhone, with id-kit reporting
  IDFA, IDFV and a keychain GUID. Watch which identifier survives which event, and why.
presenterNotes: >
  Step forward slowly; every change names the rule behind it (press Enter on it for the source).
  The points to land: IDFV is per vendor and dies with the vendor's last app; the IDFA needs ATT;
  the keychain outlives the app; a reboot hides everything until the first unlock; a backup
  restored to a new phone duplicates what the keychain migrates.
seed: 7
accounts:
  - { id: alice, iCloudKeychain: true }
devices:
  - { name: phone, os: "17.5", kind: iphone, passcode: true, appleID: alice }
  - { name: newphone, os: "17.5", kind: iphone, passcode: true }
apps:
  - bundle: com.acme.shop
    team: ACME1234
    name: ACME Shop
    strategy: id-kit
    options: { policy: global, salt: s3cret, exposeRaw: true }
  - bundle: com.acme.news
    team: ACME1234
    name: ACME 新闻
    strategy: id-kit
    options: { exposeRaw: true }
  - bundle: org.other.game
    team: OTHR5678
    strategy: id-kit
    options: { exposeRaw: true }
steps:
  - install: com.acme.shop
    note: The first ACME app on the phone creates ACME's IDFV.
    speaker: Point at the IDFV row (new, IDFV-2), then ask who thinks it survives a reinstall.
  - launch: com.acme.shop
    label: first
    note: No consent yet, so id-kit does not read the IDFA; the best ID is the IDFV. It also saves a GUID in the keychain.
  - install: com.acme.news
    note: Same vendor, same IDFV.
  - launch: com.acme.news
  - expect: { app: com.acme.news, idfv: { sameAs: first } }
  - install: org.other.game
    note: Another vendor gets its own IDFV.
  - consent: com.acme.shop
    note: The user accepts the shop's privacy policy; id-kit may now read the IDFA…
  - launch: com.acme.shop
    note: …but on iOS 14.5 and later the IDFA is all zeros until the app is authorized (ATT).
  - expect: { app: com.acme.shop, idfa: zeros, best: idfv }
  - requestTracking: { app: com.acme.shop, answer: allow }
  - launch: com.acme.shop
    note: "Authorized: a real IDFA, which the global policy prefers."
  - expect: { app: com.acme.shop, idfa: present, best: idfa, att: authorized }
  - uninstall: com.acme.shop
    note: Deleting the app forgets its ATT decision; the news app keeps ACME's IDFV alive.
  - install: com.acme.shop
  - launch: com.acme.shop
  - expect: { app: com.acme.shop, att: notDetermined, idfv: { sameAs: first }, guid: { sameAs: first } }
  - uninstall: com.acme.news
  - uninstall: com.acme.shop
    note: The vendor's last app is gone, and its IDFV with it. The keychain item stays.
  - install: com.acme.shop
  - launch: com.acme.shop
    label: reinstalled
  - expect: { app: com.acme.shop, idfv: { differsFrom: first }, guid: { sameAs: first } }
  - reboot:
    note: After a reboot nothing protected can be read until the user unlocks once.
  - launch: { app: com.acme.shop, mode: background }
    note: A background launch before the first unlock gets no IDFV and cannot read the GUID, so id-kit makes a new one (field report B10).
  - expect: { app: com.acme.shop, idfv: nil, guid: { differsFrom: first } }
  - unlock
  - launch: com.acme.shop
  - expect: { app: com.acme.shop, guid: { sameAs: first } }
  - backup: { kind: encrypted, as: nightly }
  - restore: { backup: nightly }
    device: newphone
    note: An encrypted backup restored onto a new phone carries the keychain GUID but not the IDFV.
    speaker: The GUID came over and the IDFV did not; Enter on KC-21 shows Apple's words.
  - launch: com.acme.shop
    device: newphone
  - expect: { app: com.acme.shop, device: newphone, guid: { sameAs: first }, idfv: { differsFrom: reinstalled } }
  - note: The old phone is still in use, so two devices now report the same GUID.

"""#),
    ]

    static let recipes: [(name: String, text: String)] = [
        ("adjust", ##"""
# Adjust iOS SDK 5.6.2: two IDs. The dedupe token (Adjust's "persistent ios_uuid") is made on the
# device: the SDK first asks the keychain (generic password, service deviceInfo, account adjust_uuid,
# class AfterFirstUnlock, and the read query names that class too); a stored string that parses as a
# UUID wins over anything else. Failing that, the token is the uuid field of the activity-state
# archive, unchecked, or a new lowercase UUID when there is no archive; that value is then offered to
# the keychain with a bare SecItemAdd (never an update, so an item already there stays as it is). The
# archive, in Library/Application Support/Adjust, is rewritten at nearly every state change and is
# flagged excluded from backup. The adid is assigned by Adjust's backend in answer to the first package
# and kept in the same archive; it is replaced when an answer carries another one.
# Migration: archives of versions before 4.12 lived in Documents; when Application Support holds none,
# the Documents copy is copied over, and it is deleted once the new one reads back.
# Not modelled: the archive is one file holding both fields; a store holds one value, so the adid has
# a store of its own next to it (same folder, same backup exclusion, so the same fate). The token's
# primary/secondary flag (isPersisted: whether the keychain holds it), which picks the parameter name
# it is sent under. The simulated server keeps no record, so an adid it gives again is new, whereas
# Adjust's backend maps a known token to the known device. The token is really created at the first
# session, not at SDK start. The Documents copy is deleted at the same launch here, one launch later
# in the SDK. tvOS (no files, keychain only). IDFV and IDFA are sent, never stored.
# Source: adjust/ios_sdk (commit 0a8cccacfb354c36f8f7fbc57331e7d3a52ed9e5, v5.6.2):
# Adjust/Internal/ADJActivityState.m lines 31-40, 118-131, 143-162, 212-214 and 228-246;
# Adjust/Internal/ADJUtil.m lines 214-254 (read, Documents fallback), 296-338 (write, excluded from
# backup), 340-405 (the copy and both paths) and 1373-1429 (new UUID, keychain read and add);
# Adjust/Internal/ADJActivityHandler.m lines 45, 244-247, 1181-1220, 1895-1908 and 2604-2614.
name: adjust
summary: "Adjust dedupe token: keychain deviceInfo/adjust_uuid (AfterFirstUnlock, a UUID only), else the backup-excluded activity-state archive, else a new lowercase UUID; the adid comes from the server (ADJActivityState.m:118-131)"
stores:
  kc: { keychain: { service: deviceInfo, account: adjust_uuid, accessible: afterFirstUnlock,
                    queryAccessible: true, onDuplicate: fail } }
  state: { file: { path: "Library/Application Support/Adjust/AdjustIoActivityState", backup: false } }
  adidState: { file: { path: "Library/Application Support/Adjust/AdjustIoActivityState.adid", backup: false } }
  legacyState: { file: { path: Documents/AdjustIoActivityState, backup: false } }
  legacyAdid: { file: { path: Documents/AdjustIoActivityState.adid, backup: false } }
migrate:
  - { from: legacyState, to: state, clear: true }
  - { from: legacyAdid, to: adidState, clear: true }
ids:
  token:
    id: [{ store: kc, valid: uuid }, state, { uuid: { case: lower } }]
    save: [{ store: kc, when: missingOrRefused }, { store: state, when: always }]
  adid:
    id: [adidState, { server: { case: lower, dashes: false } }]
    save: [adidState]
primary: token
cache: process

"""##),
        ("airship", ##"""
# Airship's iOS SDK (ios-library 19.x): the channel ID, which the server issues and the SDK keeps in
# its suite <bundle>.airship.settings under <appKey>UAChannelID, and a device ID in a keychain item
# (AfterFirstUnlockThisDeviceOnly, kSecAttrGeneric com.urbanairship.deviceID) that exists to detect
# a restore: at start the SDK compares it with the copy it keeps in the suite, and when a copy
# existed and differs, it clears the channel (and the cached token) and asks for a new one. The item
# is written under the service <bundle>.airship.<appKey> and, for a downgrade, under <bundle>; one
# found only under <bundle> is copied over; one found with another class is updated to
# AfterFirstUnlockThisDeviceOnly as it is read. Keys the 15.x-16.0.1 SDK wrote to
# UserDefaults.standard move into the suite once.
# Not modelled: restoreChannelID (the app's closure that may hand back a channel); the server
# matching a known APNs token to an existing channel (ios-library issue 313 before 16.5.1); privacy
# settings that delay the channel's creation; the contact (named user); two askers of the one-shot
# restore check (the registrar is assumed to ask first, as in issue 414).
# Source: urbanairship/ios-library Airship/AirshipCore/Source/AirshipDeviceID.swift lines 27-53
# (commit c98c4c5c), AirshipKeychainAccess.swift lines 78-204 and 224-273 (commit 40b6f2fa),
# ChannelRegistrar.swift lines 27, 70-111 and 238-333 (commit 04426a74), PreferenceDataStore.swift
# lines 11-57; docs/research/sdk/airship.md.
name: airship
summary: "Airship channel ID: suite <bundle>.airship.settings key <appKey>UAChannelID, else the server; cleared when the ThisDeviceOnly keychain device ID differs from its suite copy, as after a restore to another phone (ChannelRegistrar.swift:105-111)"
params: [appKey]
stores:
  kc: { keychain: { service: "{bundle}.airship.{appKey}", account: airship, generic: com.urbanairship.deviceID,
                    accessible: afterFirstUnlockThisDeviceOnly, upgradeAccessible: true, onDuplicate: deleteAndAdd } }
  kcOld: { keychain: { service: "{bundle}", account: airship, generic: com.urbanairship.deviceID,
                       accessible: afterFirstUnlockThisDeviceOnly, upgradeAccessible: true, onDuplicate: deleteAndAdd } }
  seen: { defaults: { suite: "{bundle}.airship.settings", key: "{appKey}deviceID" } }
  channel: { defaults: { suite: "{bundle}.airship.settings", key: "{appKey}UAChannelID" } }
  stdChannel: { defaults: { key: "{appKey}UAChannelID" } }
  migrated: { defaults: { suite: "{bundle}.airship.settings", key: "{appKey}com.urbanairship.preference_data_store.legacy_key_migration_completed" } }
migrate:
  - { from: stdChannel, to: channel, overwrite: true, clear: true, done: migrated, value: "true" }
calls:
  launch: [{ clear: channel, if: seen, unless: { store: seen, equals: kc } }]
ids:
  channelID:
    id: [channel, { server: {}, reissueOn: [reinstall] }]
    save: [{ store: channel, when: different }]
    cache: process
  device:
    id: [kc, kcOld, uuid]
    save:
      - { store: kc, when: { source: uuid } }
      - { store: kcOld, when: { source: uuid } }
      - { store: kc, when: { source: kcOld } }
      - { store: seen, when: different }
    cache: process
primary: channelID

"""##),
        ("amplitude", ##"""
# Amplitude-Swift 1.18.6 device_id. The ID lives only in UserDefaults: a private suite named after the
# API key and the instance name (com.amplitude.storage.amplitude-swift-storage-{apiKey}-{instanceName}),
# key device_id, in the app's container, so it goes with the app and comes back with any backup or
# transfer. Before reading it, each launch runs the storage migrations unless the suite's storage_version
# already says 2: device_id is moved from the suite of the API-key-only layout and, for the default
# instance, from the old default_instance suite, then copied (not moved) from the Amplitude-iOS SQLite
# database when migrateLegacyData is on, then moved from the instance-only suite, after which version 2
# is recorded, even on a fresh install. Each move fills device_id only when it is empty and deletes the
# source key either way. When device_id is still missing: the IDFV read at SDK start, if IDFV tracking is
# on and it is not the all-zero value an App Clip reads (the zero check arrived in 1.6.2, PR 183); else
# a new uppercase UUID. It is written only when created. A stored value is kept whatever it is: the
# two hard-coded values the validity check names are not replaced in practice, so no `not:` here.
# Params: apiKey; instanceName (default "$default_instance"); trackIDFV (false:
# trackingOptions.disableTrackIDFV()); migrateLegacyData (default true); zeroIDFVCheck (false: versions
# before 1.6.2, which took an App Clip's zero IDFV, issue 182; with trackIDFV false it reads the IDFV
# anyway, which is what versions before 1.4.0 did, not 1.4.0-1.6.1).
# Not modelled: the Amplitude-iOS database is an SQLite table; here a file at its path holds the value,
# and a named instance's database (com.amplitude.database_<name in lowercase>) is not read (a recipe
# cannot lowercase a placeholder, and a migration tests one option only). An empty instanceName, which
# the SDK treats as the default. reset() and setDeviceId() (API calls, not lifecycle events); a custom
# storageProvider. The user_id, session and event keys the migrations also move.
# Source: amplitude/Amplitude-Swift (commit 17ca168cfe6bc6400e0fd7d0287fb2c742ed0d21, v1.18.6):
# Sources/Amplitude/Plugins/ContextPlugin.swift lines 16-19, 53-57 and 152-175;
# Sources/Amplitude/Amplitude.swift lines 31-42, 163-188 and 529-613;
# Sources/Amplitude/Storages/PersistentStorage.swift lines 19-25, 41-48, 59-91 and 261-262;
# Sources/Amplitude/Migration/StoragePrefixMigration.swift lines 14-33 and 61-80;
# Sources/Amplitude/Migration/RemnantDataMigration.swift lines 46-52;
# Sources/Amplitude/Migration/LegacyDatabaseStorage.swift lines 5 and 19-50;
# Sources/Amplitude/Configuration.swift lines 19, 33 and 215-218; Types.swift lines 72-99.
name: amplitude
summary: "Amplitude-Swift device_id: private suite …-storage-{apiKey}-{instanceName} after one-time migrations, else the IDFV (not zeros), else a new UUID (ContextPlugin.swift:152-166)"
params: [apiKey, { instanceName: "$default_instance" }, { trackIDFV: true }, { migrateLegacyData: true }, { zeroIDFVCheck: true }]
stores:
  deviceId: { defaults: { suite: "com.amplitude.storage.amplitude-swift-storage-{apiKey}-{instanceName}", key: device_id } }
  version: { defaults: { suite: "com.amplitude.storage.amplitude-swift-storage-{apiKey}-{instanceName}", key: storage_version } }
  apiKeySuite: { defaults: { suite: "com.amplitude.storage.amplitude-swift-{apiKey}", key: device_id } }
  defaultInstanceSuite: { defaults: { suite: com.amplitude.storage.amplitude-swift-storage-default_instance, key: device_id } }
  instanceSuite: { defaults: { suite: "com.amplitude.storage.amplitude-swift-storage-{instanceName}", key: device_id } }
  legacyDatabase: { file: { path: Library/com.amplitude.database } }
migrate:
  - { from: apiKeySuite, to: deviceId, clear: true }
  - { from: defaultInstanceSuite, to: deviceId, clear: true, when: { option: instanceName, is: "$default_instance" } }
  - { from: legacyDatabase, to: deviceId, when: { option: migrateLegacyData } }
  - { from: instanceSuite, to: deviceId, clear: true, done: version, value: "2" }
id:
  - deviceId
  - { from: idfv, nonZero: true, when: { option: trackIDFV } }
  - { from: idfv, when: { option: zeroIDFVCheck, is: false } }
  - uuid
save: [deviceId]
cache: process

"""##),
        ("branch", ##"""
# Branch iOS SDK 3.14.0: four identifiers. The two that name the device and the install on Branch's
# side, randomized_device_token and randomized_bundle_token, are assigned by Branch's server in the
# reply to the install or open request and stored as they come; each is read from its current key,
# else from its pre-rename key (bnc_device_fingerprint_id, bnc_identity_id), which is only read, never
# copied forward. No stored bundle token means the SDK sends an install, else an open. anon_id is
# made on the device (NSUUID, uppercase with dashes) and stored at once. hardware_id is never
# stored: the IDFA (not all zeros, and only while isDebug is off), else the IDFV, else a random UUID
# made for the process. Everything stored sits in one keyed-archive file,
# Library/Application Support/io.branch/BNCPreferences, which is not excluded from backup; the SDK
# reads it once per process and keeps the dictionary in memory, and the IDFV and the random UUID
# are also taken once per process. So a backup, a restore or a migration carries the tokens and
# anon_id to another phone, and a reinstall starts over with an install request.
# Each key is an entry of the one file (file: { path, key }), as in the SDK; the keyed archive's
# format is the simulator's own. The server source stands for the first reply that carries a
# token; a launch with no network leaves the tokens empty and a later launch asks again.
# Not modelled: a later reply that replaces a stored token (any open may carry one; whether the
# server reissues is not known); the server matching a reinstall by hardware_id; a changed Branch
# key clearing both tokens (Branch.m lines 1641-1652); setTrackingDisabled, which drops anon_id;
# the attribution level, which decides whether hardware_id is sent; the IDFA being read again for
# each request (here it is kept for the process); the App Clip hand-off through an App Group suite;
# and, before the first unlock, the SDK writing its whole in-memory dictionary (with the stray
# anon_id and tokens) over the stored file after the unlock (the simulator only drops such writes).
# The compile flag BRANCH_EXCLUDE_IDFA_CODE acts on hardware_id as isDebug: true does.
# Source: BranchMetrics/ios-branch-deep-linking-attribution Sources/BranchSDK/BNCDeviceInfo.m lines
# 60-98 and 117-146, BNCSystemObserver.m lines 56-83, BNCPreferenceHelper.m lines 25, 33-34, 155-171,
# 253-317, 1029-1105 and 1189-1270, BranchOpenRequest.m lines 92-98 and 173-181, Branch.m lines
# 2238-2246 (commit e8518a87820adcdede1c29ba9a1e87547db11cbb, 3.14.0 plus two commits that leave
# Sources alone).
name: branch
summary: "Branch: randomized_device_token and bundle token from the server, a local anon_id, all in io.branch/BNCPreferences (backed up); hardware_id never stored (BNCPreferenceHelper.m:253-317)"
params: [{ isDebug: false }]
stores:
  prefsDeviceToken: { file: { path: "Library/Application Support/io.branch/BNCPreferences", key: bnc_randomized_device_token } }
  prefsFingerprintId: { file: { path: "Library/Application Support/io.branch/BNCPreferences", key: bnc_device_fingerprint_id } }
  prefsBundleToken: { file: { path: "Library/Application Support/io.branch/BNCPreferences", key: bnc_randomized_bundle_token } }
  prefsIdentityId: { file: { path: "Library/Application Support/io.branch/BNCPreferences", key: bnc_identity_id } }
  prefsAnonId: { file: { path: "Library/Application Support/io.branch/BNCPreferences", key: bnc_anon_id } }
ids:
  deviceToken:
    id: [prefsDeviceToken, prefsFingerprintId, server]
    save: [{ store: prefsDeviceToken, unless: prefsFingerprintId }]
  bundleToken:
    id: [prefsBundleToken, prefsIdentityId, server]
    save: [{ store: prefsBundleToken, unless: prefsIdentityId }]
  anonId:
    id: [prefsAnonId, uuid]
    save: [prefsAnonId]
  hardwareId:
    id: [{ from: idfa, when: { option: isDebug, is: false } }, idfv, uuid]
primary: deviceToken
cache: process

"""##),
        ("clevertap", ##"""
# CleverTap's iOS SDK (clevertap-ios-sdk 7.7.0): the CleverTap ID ("GUID", profileGetCleverTapID),
# kept in UserDefaults.standard under WizRocket<accountId>:deviceId and read there at every use.
# At the instance's start the SDK takes a stored ID as it is (the default instance reads the legacy
# key WizRocketdeviceId first and copies it over the namespaced one); else "-v" and the IDFV,
# lowercased without dashes (not an all-zero one) unless the app turned the IDFV off; else "-" and a
# new UUID the same shape; and writes what it made. onUserLogin looks the identity up in the map of
# identities to GUIDs it keeps (WizRocket<accountId>:CachedGUIDS): a known user goes back to its
# GUID; on an install where nobody has logged in yet, the login keeps the current ID; another user
# gets a new "-" GUID. Each login records its identity against the ID it ends with. There is no
# logout or reset. Everything is in the app's standard defaults: gone with the app, back from every
# backup and migration.
# Approximated: the map keeps one entry per identity value as its own key (cachedGuid, keyed by the
# value passed with onUserLogin; the SDK keeps one dictionary, per identity key and value), and
# `known` stands for "the map is not empty". `login` is not the SDK's: it tells the sources that
# onUserLogin is asking.
# Not modelled: custom CleverTap IDs (useCustomCleverTapId, "-h" IDs and the "-i" fallback ID for an
# invalid one); the server's "g", which may replace the ID in any response (when it does is not in
# the client); identities encrypted with a keychain key (a restore that loses the key makes a known
# user's login a new GUID); a switch's other effects (push token, queues, a new session).
# Source: CleverTap/clevertap-ios-sdk CleverTapSDK/CTDeviceInfo.m lines 155-163, 174-291;
# CleverTapSDK/CTPreferences.m lines 4 and 28-48; CleverTapSDK/CTLoginInfoProvider.m lines 32-191;
# CleverTapSDK/CleverTap.m lines 2765-2780 and 2801-2915 (commit
# 3af43fc7e213b35d830f48023d9d2ae9fa958e84, 7.7.0); docs/research/sdk/clevertap.md.
name: clevertap
summary: "CleverTap ID: UserDefaults WizRocket<accountId>:deviceId, else -v + IDFV (lowercase, no dashes), else - + a UUID; onUserLogin returns a known identity to its GUID, keeps the ID at the first, else a new one (CTDeviceInfo.m:174-221)"
params: [{ accountId: W44-R44-R45Z }, { disableIDFV: false }, { defaultInstance: true }]
stores:
  ctid: { defaults: { key: "WizRocket{accountId}:deviceId" } }
  legacy: { defaults: { key: WizRocketdeviceId } }
  cachedGuid: { defaults: { key: "WizRocket{accountId}:CachedGUIDS[Identity_{supplied:onUserLogin}]" } }
  known: { defaults: { key: "WizRocket{accountId}:CachedGUIDS", value: "1" } }
  login: { defaults: { key: idscope.clevertap.onUserLogin } }
id:
  # onUserLogin, while `login` holds the identity
  - { store: cachedGuid, if: login }
  - { store: ctid, if: login, unless: known }
  - { uuid: { case: lower, dashes: false }, template: "-{value}", if: login }
  # the instance's start
  - { store: legacy, when: { option: defaultInstance } }
  - ctid
  - { from: idfv, nonZero: true, case: lower, dashes: false, template: "-v{value}", when: { option: disableIDFV, is: false } }
  - { uuid: { case: lower, dashes: false }, template: "-{value}" }
save:
  - { store: ctid, when: different }
  - { store: cachedGuid, if: login, when: missing }
  - { store: known, if: login }
calls:
  onUserLogin: [{ save: login, from: supplied }, { rerun: id }, { clear: login }]

"""##),
        ("cordova-device", ##"""
# cordova-plugin-device's device.uuid on iOS: UserDefaults CDVUUID first; when missing, the IDFV,
# saved under CDVUUID. The cache lives in the app's container, so a restore carries it to another
# phone, which then reports the old phone's uuid (cordova-plugin-device issue 114), and a delete and
# reinstall loses it (issue 117). A nil IDFV crashes the real plugin; here it is "no ID".
# Source: apache/cordova-plugin-device src/ios/CDVDevice.m lines 54-76 and 95
# (commit 8685a7ae93be23309fb56bc8d496f4af8d7df9ec); the IDFV since 1.1.0 (November 2015).
name: cordova-device
summary: "cordova-plugin-device uuid: the IDFV cached in UserDefaults CDVUUID, which a restore carries to another phone (CDVDevice.m:54-76)"
stores:
  prefs: { defaults: { key: CDVUUID } }
id: [prefs, idfv]
save: [prefs]

"""##),
        ("datadog", ##"""
# Datadog's RUM anonymous ID (usr.anonymous_id, also on logs and web-view events), in dd-sdk-ios
# from 2.24.0. RUM.enable reads it once per process from the feature data store, a file under the
# core folder in Library/Caches; a missing or unreadable file means a new UUID, lowercase with
# dashes, written over it. With trackAnonymousUser off (default on) the same start deletes the file
# and reports no anonymous ID, so turning it back on makes a new one. Datadog.clearAllData()
# deletes the data store files; the ID stays in memory until the process ends. clearUserInfo,
# setUserInfo and tracking consent leave it alone. No keychain, no UserDefaults, no IDFV, nothing
# from the server. Library/Caches is in no backup and the system may empty it (CT-39).
# Not modelled: the file's TLV envelope and JSON string (a key or store-format version bump would
# make the stored ID unreadable once); the asynchronous read (events right after RUM.enable may
# lack the ID); instance names and sites other than the defaults, which give another folder (the
# param core is the lowercase SHA-256 of instance name and site, "main" and "us1" here).
# Source: DataDog/dd-sdk-ios DatadogRUM/Sources/Integrations/AnonymousIdentifierManager.swift
# lines 26-41, DatadogRUM/Sources/Feature/RUMFeature.swift lines 305-309 and 344-345,
# DatadogRUM/Sources/RUMConfiguration.swift lines 290-297, DatadogRUM/Sources/Feature/RUMDataStore.swift
# lines 35 and 46-79, DatadogRUM/Sources/DataModels/RUMDataModelsMapping.swift lines 18-22,
# DatadogCore/Sources/Core/Storage/Directories.swift lines 10-21 and 46-66,
# DatadogCore/Sources/Core/DatadogCore.swift lines 137-151, 176-178 and 253-256 (tag 3.11.0, commit
# d5e75dd7fdc721a5234c415a111664c0605f2164); docs/research/sdk/datadog.md.
name: datadog
summary: "Datadog RUM anonymous ID: a file under Library/Caches/com.datadoghq, else a new lowercase UUID written over it; deleted at start when trackAnonymousUser is off, and by clearAllData (AnonymousIdentifierManager.swift:26-41)"
params:
  - { trackAnonymousUser: true }
  - { core: f5da9c34155155fa15554148a8a2d145170e0a082ddf9cba39ea3a198b2bb947 }
stores:
  anon: { file: { path: "Library/Caches/com.datadoghq/v2/{core}/1/rum/rum-anonymous-id" } }
id:
  - { store: anon, when: { option: trackAnonymousUser } }
  - { uuid: { case: lower }, when: { option: trackAnonymousUser } }
save: [{ store: anon, when: { source: uuid, write: always } }]
cache: process
calls:
  launch: [{ clear: anon, when: { option: trackAnonymousUser, is: false } }]
  clearAllData: [{ clear: anon }]

"""##),
        ("device-info-plus", ##"""
# device_info_plus's IosDeviceInfo.identifierForVendor: the IDFV's UUIDString, nil passed on as null.
# The Dart side caches the whole result per DeviceInfoPlugin instance; an app that keeps one
# instance keeps a before-first-unlock null until it restarts (add `cache: process` for that).
# Source: fluttercommunity/plus_plugins packages/device_info_plus/device_info_plus/ios/
# device_info_plus/Sources/device_info_plus/FPPDeviceInfoPlusPlugin.m lines 65-66 and
# lib/device_info_plus.dart lines 57-64 (commit 13e170479b3c66c890fa401f5fdb3af141faf67a, 13.2.0).
name: device-info-plus
summary: "device_info_plus identifierForVendor: the raw IDFV, null when iOS has none (FPPDeviceInfoPlusPlugin.m:65-66)"
id: [idfv]

"""##),
        ("expo-application", ##"""
# expo-application's getIosIdForVendorAsync: UIDevice.current.identifierForVendor, as it is.
# No fallback, no cache, nothing written: null whenever iOS returns nil (before the first unlock).
# Source: expo/expo packages/expo-application/ios/ApplicationModule.swift lines 26-28
# (commit 8f489c6bff6c3e15e3ef39ba5958904bebd8b19b).
name: expo-application
summary: "expo-application getIosIdForVendorAsync: the raw IDFV, null when iOS has none (ApplicationModule.swift:26-28)"
id: [idfv]

"""##),
        ("expo-secure-store-id", ##"""
# The install ID Expo recommends building on expo-secure-store after deprecating installationId
# (expo PR 10997, issue 31133), as Expo's own getInstallationIdAsync did: SecureStore item
# "installationId" (service app:no-auth, AfterFirstUnlockThisDeviceOnly), else a new uuid v4
# (lowercase, dashes), saved. SecureStore rejects on a refused read or write, and the function has
# no try/catch, so a locked keychain gives no ID. Its add, on a duplicate, updates the data only.
# Sources: expo/expo packages/expo/src/environment/getInstallationIdAsync.ts lines 4-15
# (commit 2c0b344dc15c772b8c544886a978f0d6186e1026); packages/expo-secure-store/ios/
# SecureStoreModule.swift lines 71-194 (commit 00a649e0e916dccafe4222f2112eab58f12480c1).
name: expo-secure-store-id
summary: "Expo's recommended install ID on expo-secure-store: keychain installationId (ThisDeviceOnly), else a new lowercase UUID (getInstallationIdAsync.ts:4-15)"
stores:
  kc: { keychain: { service: "app:no-auth", account: installationId, accessible: afterFirstUnlockThisDeviceOnly } }
id: [kc, { uuid: { case: lower } }]
save: [kc]
whenRefused: stop
whenWriteFails: stop

"""##),
        ("fingerprintjs", ##"""
# FingerprintJS's iOS library (fingerprintjs-ios 1.7.0), getDeviceId(): a keychain copy of the
# IDFV. The item is service com.fingerprintjs.keychain, account id.vendor,
# AfterFirstUnlockThisDeviceOnly; the read names no class, group or sync attribute and ignores its
# status; a value that is not a UUID counts as nothing, and one that is comes back uppercase. When
# it is missing: the 1.0.0-1.2.0 item (account vendorIdentifier, WhenUnlockedThisDeviceOnly), never
# deleted; else the IDFV. What was found is written to id.vendor whatever stopped the first read
# (an add, then an update on a duplicate). There is no UUID fallback, so before the first unlock the
# answer is nil; nothing is cached, every call reads again. keychainV2: false stands for 1.0.0-1.2.0
# (only the vendorIdentifier item).
# Not modelled: the update after a duplicate searches by class and data (here by service and
# account; they differ only for an unparsable id.vendor, which the library never writes); the read
# searches every access group of the app (here the app's default); nothing runs until the app asks
# (here at every launch; getDeviceId is a call for a second ask in one process).
# Source: fingerprintjs/fingerprintjs-ios Sources/FingerprintJS/Common/Storage/KeychainIdentifierStorage.swift
# lines 4-71, Sources/FingerprintJS/Harvesters/IdentifierHarvester/IdentifierHarvester.swift lines 8-50,
# Sources/FingerprintJS/Library/Fingerprinter.swift lines 36-38 (commit
# f31f75dfc5a12ea224bbf29dc5aa46b7168351ed, 1.7.0); tag 1.2.0 for the old item;
# docs/research/sdk/fingerprintjs.md.
name: fingerprintjs
summary: "FingerprintJS getDeviceId: keychain com.fingerprintjs.keychain/id.vendor (AfterFirstUnlockThisDeviceOnly), else the 1.2.0 item, else the IDFV, written back; nil before the first unlock (IdentifierHarvester.swift:24-33)"
params: [{ keychainV2: true }]
stores:
  kc: { keychain: { service: com.fingerprintjs.keychain, account: id.vendor, accessible: afterFirstUnlockThisDeviceOnly } }
  legacy: { keychain: { service: com.fingerprintjs.keychain, account: vendorIdentifier, accessible: whenUnlockedThisDeviceOnly } }
id:
  - { store: kc, valid: uuid, case: upper, when: { option: keychainV2 } }
  - { store: legacy, valid: uuid, case: upper }
  - idfv
save:
  - { store: kc, when: { option: keychainV2, write: missingOrRefused } }
  - { store: legacy, when: { option: keychainV2, is: false, write: missingOrRefused } }
calls:
  getDeviceId: [{ rerun: id }]

"""##),
        ("firebase-installations", ##"""
# Firebase Installations' FID: the keychain item is read only while the "installation exists" flag
# is in the UserDefaults suite com.firebase.FIRInstallations; the flag dies with the app, so every
# reinstall makes a new FID although the keychain item survives (firebase-ios-sdk issue 10421,
# closed as intended). The keychain write is an upsert of AfterFirstUnlockThisDeviceOnly; the flag
# is set only after it succeeds. Not modelled: the legacy Instance ID migration, FIDs the server
# replaces, and the App Group variant (appGroupID: add accessGroup and a group suite).
# Source: firebase/firebase-ios-sdk FirebaseInstallations/Source/Library/InstallationsStore/
# FIRInstallationsStore.m lines 33 and 58-138, FIRInstallationsIDController.m lines 48 and 157-243,
# FIRInstallationsItem.m lines 123-159 (commit eed63a35a90dbd46184ca1a6afeb144ee783b5fd, 12.19.0);
# google/GoogleUtilities GULKeychainUtils.m lines 55-91 (commit 9f183ae842be978784f2963a343682e0c46d8fb3).
name: firebase-installations
summary: "Firebase Installations FID: the keychain copy trusted only while a UserDefaults flag exists, so a reinstall gets a new FID (FIRInstallationsStore.m:58-97)"
params: [googleAppID]
stores:
  kc: { keychain: { service: com.firebase.FIRInstallations.installations, account: "{googleAppID}__FIRAPP_DEFAULT",
                    accessible: afterFirstUnlockThisDeviceOnly, write: upsert } }
  seen: { defaults: { suite: com.firebase.FIRInstallations, key: "{googleAppID}__FIRAPP_DEFAULT", value: "true" } }
id: [{ store: kc, if: seen }, fid]
save: [{ store: kc, when: always }, seen]
whenWriteFails: stop
cache: process

"""##),
        ("flutter-udid", ##"""
# flutter_udid 4.1.3: a keychain item (KeychainAccess: service de.gigadroid.flutter_udid, account
# udid, AfterFirstUnlockThisDeviceOnly, read with any sync value, written as an upsert that also
# sets class and sync); when it is missing, the item of versions up to 4.1.2 (service
# CFBundleName, account the bundle ID) is copied over and never deleted; else the IDFV. A refused
# read or a failed write answers FlutterError("UNAVAILABLE") instead of an ID, so before the first
# unlock there is no ID (flutter_udid issue 75). There is no new-UUID fallback.
# Source: GigaDroid/flutter_udid ios/flutter_udid/Sources/flutter_udid/FlutterUdidPlugin.swift
# lines 6-7 and 24-83 (commit 93597b7509a7fe57f3c48c95c769fed706a47fc8); KeychainAccess 4.2.2
# Lib/KeychainAccess/Keychain.swift lines 595-632 and 672-746.
name: flutter-udid
summary: "flutter_udid: keychain udid (ThisDeviceOnly), else the legacy item, else the IDFV; an error, not an ID, when the keychain refuses (FlutterUdidPlugin.swift:24-83)"
stores:
  kc: { keychain: { service: de.gigadroid.flutter_udid, account: udid, accessible: afterFirstUnlockThisDeviceOnly,
                    querySynchronizable: any, write: upsert, updates: all } }
  legacy: { keychain: { service: "{bundleName}", account: "{bundle}", accessible: afterFirstUnlock,
                        querySynchronizable: any, write: upsert, updates: all } }
id: [kc, legacy, idfv]
save: [kc]
whenRefused: stop
whenWriteFails: stop

"""##),
        ("keychain-idfv-twin", ##"""
# keychain-idfv (a Swift strategy) written as a recipe: the item DEVICE_UUID under the bundle ID,
# no class given (WhenUnlocked); else the IDFV, else a new UUID; written back whenever the read
# found nothing, refused or not. It gives the Swift strategy's primary ID at every launch.
name: keychain-idfv-twin
summary: "keychain-idfv as a recipe: keychain DEVICE_UUID, else IDFV, else a new UUID, written back"
stores:
  kc: { keychain: { service: "{bundle}", account: DEVICE_UUID } }
id: [kc, idfv, uuid]
save: [{ store: kc, when: missingOrRefused }]

"""##),
        ("launchdarkly", ##"""
# LaunchDarkly's iOS client SDK (9.11.0; 8.x the same): the key of the context the SDK makes when
# the app gives none. start() without a context, or a keyless builder of kind user, takes
# UserDefaults.standard "ldDeviceIdentifier"; when it holds nothing, a new UUID (uppercase, dashes)
# is written there at once. With Auto Environment Attributes on, the ld_device context keeps its own
# key the same way under "ldGeneratedContextKey:ld_device". Both are read at every start, even
# when the app then identifies its own context; nothing deletes them. Up to 7.1.0 (option sdk: 7,
# also 8.x with the deprecated LDUser()) the key was the IDFV, and the stored key was used, and a
# UUID made and stored, only while the IDFV was nil; the IDFV itself was never stored. identify
# with a key makes that the active context for the process; the generated key stays.
# Not modelled: the anonymous flag (the default context is not marked anonymous, ios-client-sdk
# issue 452); custom kinds other than ld_device; identify's key is what the app passed last, kept
# across launches as apps with a login pass it again at each start (the SDK itself keeps nothing of
# it).
# Source: launchdarkly/ios-client-sdk LaunchDarkly/LaunchDarkly/Models/Context/LDContext.swift
# lines 62-65, 239-251, 642-653 and 845-853, LaunchDarkly/LaunchDarkly/LDClient.swift lines 378-390
# and 873-878, LaunchDarkly/LaunchDarkly/Models/Context/Modifier.swift lines 82-85 (commit
# 9fc3e1504396ff9a1176e502207ee394250f77c9, 9.11.0); 7.1.0 (commit
# 8ceaa14005dc5879f1b67029010353d378366e02): LaunchDarkly/LaunchDarkly/Models/LDUser.swift lines
# 83-115 and 184-198; docs/research/sdk/launchdarkly.md.
name: launchdarkly
summary: "LaunchDarkly context key: UserDefaults ldDeviceIdentifier, else a new UUID written at once (8.0+); up to 7.x the IDFV, the stored key only while it is nil (LDContext.swift:239-251)"
params: [{ sdk: 9 }, { autoEnvAttributes: false }]
stores:
  anonKey: { defaults: { key: ldDeviceIdentifier } }
  deviceKey: { defaults: { key: "ldGeneratedContextKey:ld_device" } }
ids:
  anonymous:
    id: [{ from: idfv, when: { option: sdk, is: 7 } }, anonKey, uuid]
    save: [{ store: anonKey, when: { source: uuid } }]
  device:
    id: [{ store: deviceKey, when: { option: autoEnvAttributes } }, { uuid: {}, when: { option: autoEnvAttributes } }]
    save: [{ store: deviceKey, when: { source: uuid } }]
  context:
    id: [{ supplied: identify }, { from: anonymous }]
    cache: process
primary: anonymous
calls:
  identify: [{ rerun: context }]

"""##),
        ("meta", ##"""
# Meta's iOS SDK (facebook-ios-sdk v18.1.0, FBSDKCoreKit app events): two identifiers sent with every
# app event. The anonymous ID (anon_id, AppEvents.shared.anonymousID) is a JSON file in Library/
# (com-facebook-sdk-PersistedAnonymousID.json), read again at every use with no cache in memory;
# when the read gives nothing the SDK makes "XZ" and a new uppercase UUID with dashes and writes the
# file, ignoring a failed write. Library/ is backed up, so the file goes with every backup and
# migration and with the app. The advertiser ID (advertiser_id) is the IDFA as read: since v18.1.0
# its string is cached for the process, and the all-zero UUID iOS gives before the ATT answer is
# cached too, so an app that logs before the answer sends zeros until its process ends. The app's
# own user ID (AppEvents.shared.userID) is kept in UserDefaults.standard until set to nil; logout
# and token changes leave the anonymous ID alone, and there is no reset.
# Not modelled: the server's switches (advertisingIDEnabled, the remote advertiserIDCollectionEnabled),
# assumed on; the IDFA read when the first event is built rather than at launch (an app that asks
# ATT before its first event sees no zeros: put requestTracking before the first launch); a new
# anon_id at every use before the first unlock (one per launch here); the install ping's marker,
# removed again when its request fails; advertiser_tracking_enabled, a flag rather than an ID.
# Source: facebook/facebook-ios-sdk FBSDKCoreKit_Basics/FBSDKCoreKit_Basics/FBSDKBasicUtility.m
# lines 18-19 and 306-349, FBSDKCoreKit/FBSDKCoreKit/AppEvents/Internal/FBSDKAppEventsUtility.m
# lines 138-171, FBSDKCoreKit/FBSDKCoreKit/AppEvents/FBSDKAppEvents.m lines 69, 518-529 and 877-889,
# FBSDKCoreKit/FBSDKCoreKit/Settings+PersistedProperties.swift lines 69-104 (tag v18.1.0, commit
# 3818dd2ccb6547c6d320ff68a1bd599789c3a44f); docs/research/sdk/meta.md.
name: meta
summary: "Meta SDK anon_id: Library/com-facebook-sdk-PersistedAnonymousID.json, else XZ + a new UUID written; advertiser_id: the IDFA as read, zeros included, cached per process (FBSDKBasicUtility.m:306-349, FBSDKAppEventsUtility.m:138-171)"
params: [{ appID: "1234567890" }, { advertiserIDCollection: true }]
stores:
  anonFile: { file: { path: "Library/com-facebook-sdk-PersistedAnonymousID.json" } }
  installPing: { defaults: { key: "com.facebook.sdk:lastAttributionPing{appID}", value: "1" } }
  appUserID: { defaults: { key: com.facebook.sdk.appevents.userid } }
ids:
  anon:
    id: [anonFile, { uuid: { case: upper }, template: "XZ{value}" }]
    save: [{ store: anonFile, when: { source: uuid } }, installPing]
  advertiser:
    id: [{ from: idfa, nonZero: false, when: { option: advertiserIDCollection } }]
    cache: process
  user:
    id: [appUserID]
primary: anon
cache: none
calls:
  setUserID: [{ save: appUserID, from: supplied }, { rerun: user }]
  clearUserID: [{ clear: appUserID }, { rerun: user }]

"""##),
        ("mixpanel", ##"""
# mixpanel-swift 6.5.1: two IDs in the UserDefaults suite "Mixpanel" (a private suite in the app's
# container, shared by every instance; keys prefixed mixpanel-{instanceName}-, the instance name being
# the project token unless set). The anonymous ID (MPAnonymousId, sent as $device_id) is the device
# ID; the distinct ID (MPDistinctID, what distinctId returns) is "$device:" and the anonymous ID until
# identify() replaces it. Everything hinges on the distinct ID: while it is stored, every stored value
# is taken as it is, unchecked (an upgraded install may have no anonymous ID at all); when it is
# empty, a new anonymous ID is made (the IDFV when useUniqueDistinctId or the compile-time flag
# MIXPANEL_UNIQUE_DISTINCT_ID is on and iOS gives one, with no check for an App Clip's zeros; else a
# new uppercase UUID), and the whole identity is written once. Before that, the SDK looks for the
# archive files of versions before 3.0 in Library/ (mixpanel-{instanceName}-properties and four
# others): if any exists, it unarchives them, deletes all five and writes the archived identity over
# whatever the suite holds. Those archives carry a distinct ID and, usually, no anonymous ID.
# Params: token; useUniqueDistinctId (default false).
# Not modelled: the "$device:" prefix (a template shapes a value a source makes, not an earlier ID, so
# the distinct ID here equals the anonymous ID and a migrated one is kept as archived); an instanceName
# other than the token (a param's default cannot name another param); deviceIdProvider (5.2.0+, a value
# the app supplies); identify(), alias(), reset() and optOutTracking() (API calls, not lifecycle
# events); the archive's anonymous ID and the four other legacy files; the files of the Objective-C
# SDK (Library/mixpanel-{token}-properties.plist), which nothing reads, so a switch from it starts
# over (mixpanel-swift issue 274).
# Source: mixpanel/mixpanel-swift (commit 8399b37fca5717ba8701e0d2af26b98ce48bcaf3, 6.5.1):
# Sources/MixpanelInstance.swift lines 24, 356-369, 465-468, 515, 752-800, 1118-1138 and 1170-1239;
# Sources/MixpanelPersistence.swift lines 38-50, 311-351, 372-412, 414-428, 430-493, 543-585 and 602-613.
name: mixpanel
summary: "mixpanel-swift distinct and anonymous IDs: suite Mixpanel, made (a new UUID, or the IDFV with useUniqueDistinctId) only when MPDistinctID is empty (MixpanelInstance.swift:1186-1239)"
params: [token, { useUniqueDistinctId: false }]
stores:
  anonKey: { defaults: { suite: Mixpanel, key: "mixpanel-{token}-MPAnonymousId" } }
  distinctKey: { defaults: { suite: Mixpanel, key: "mixpanel-{token}-MPDistinctID" } }
  legacyProperties: { file: { path: "Library/mixpanel-{token}-properties" } }
migrate:
  - { from: legacyProperties, to: distinctKey, overwrite: true, clear: true }
ids:
  anonymous:
    id:
      - { store: anonKey, if: distinctKey }
      - { from: idfv, unless: distinctKey, when: { option: useUniqueDistinctId } }
      - { uuid: {}, unless: distinctKey }
    save: [{ store: anonKey, when: always, unless: distinctKey }]
  distinct:
    id: [distinctKey, { from: anonymous }]
    save: [distinctKey]
primary: distinct
cache: process

"""##),
        ("onesignal", ##"""
# OneSignal iOS SDK 5.x: two IDs, both handed out by OneSignal's server. The push subscription ID
# (the 3.x "player ID") names this device's push record and is kept across login and logout; the
# onesignal_id names the user. Both live in the UserDefaults suite group.<bundle>.onesignal, the App
# Group's shared container when the app has that group, else a private suite of the same name, so
# they are in every backup and migration and go with the group's last app. At start() the SDK takes
# the cached user when the identity, properties and push subscription models are all stored;
# otherwise it creates a new user, keeping a stored push subscription model, else building one from
# the plain OSUD_PUSH_SUBSCRIPTION_ID key, and sends POST users, whose reply fills in the IDs (a
# launch with no network has none yet; the request is retried later). A 3.x GT_PLAYER_ID left in
# the suite becomes the subscription ID once: copied to OSUD_PUSH_SUBSCRIPTION_ID and deleted, and
# the onesignal_id is then fetched from the server. The models stay in memory for the process.
# Modelled differently: each archived model is a store holding just the ID it carries (the
# properties model a flag), and a model written before its ID arrives counts as not stored.
# From 5.5.2 (PR 1669) the SDK does nothing while protected data is unavailable and runs start()
# again at the unlock: beforeFirstUnlock: wait. (From 5.0 to 5.5.1 the suite read empty then, a new
# user and subscription were made, and their writes landed over the stored ones at the unlock, CT-25.)
# Not modelled: the suite name from the Info.plist key OneSignal_app_groups_key (a param default cannot
# hold {bundle}); the NSE's copy, onesignal_identity.json in the App Group container, readable while
# locked (files in an App Group container are not available); login and logout, which change
# onesignal_id; privacy consent, which defers everything; whether the server reuses a subscription.
# Source: OneSignal/OneSignal-iOS-SDK (the snapshot was too large to fetch; files read one stored
# version each, lines counted by hand in the research note): iOS_SDK/OneSignalSDK/OneSignalUser/
# Source/OneSignalUserManagerImpl.swift start() about lines 216-313, createUserFromLegacyPlayer,
# createNewUser, setNewInternalUser and createDefaultPushSubscription (commit
# 00d082ceb40adf6492939098412139253279b3aa); OneSignalCore/Source/OneSignalUserDefaults.m initShared
# and appGroupName, and OneSignalCommonDefines.h for the key names (commit
# 005eb841567befda08619781e992368bf36cb03b, ONESIGNAL_VERSION 050601, 5.6.1); OneSignalOSCore/
# Source/OneSignalConfig.swift shouldAwaitAppIdAndLogMissingPrivacyConsent (commit
# 1b44eed0bfa38e66380d79799d2294e6c97beca1).
name: onesignal
summary: "OneSignal 5.x push subscription ID and onesignal_id, assigned by the server and kept in the suite group.{bundle}.onesignal; a 3.x GT_PLAYER_ID migrated once (OneSignalUserManagerImpl.swift:216-313, approximate)"
stores:
  pushModel: { defaults: { suite: "group.{bundle}.onesignal", key: OS_PUSH_SUBSCRIPTION_MODEL_STORE_KEY } }
  identityModel: { defaults: { suite: "group.{bundle}.onesignal", key: OS_IDENTITY_MODEL_STORE_KEY } }
  propertiesModel: { defaults: { suite: "group.{bundle}.onesignal", key: OS_PROPERTIES_MODEL_STORE_KEY, value: cached } }
  subscriptionIdKey: { defaults: { suite: "group.{bundle}.onesignal", key: OSUD_PUSH_SUBSCRIPTION_ID } }
  legacyPlayerId: { defaults: { suite: "group.{bundle}.onesignal", key: GT_PLAYER_ID } }
migrate:
  - { from: legacyPlayerId, to: subscriptionIdKey, clear: true, overwrite: true }
ids:
  pushSubscription:
    id: [pushModel, subscriptionIdKey, server]
    save: [pushModel, subscriptionIdKey]
  onesignalId:
    id: [{ store: identityModel, if: [propertiesModel, pushModel] }, server]
    save: [identityModel, propertiesModel]
primary: pushSubscription
cache: process
beforeFirstUnlock: wait

"""##),
        ("posthog", ##"""
# PostHog posthog-ios keeps two IDs in small JSON files under
# Library/Application Support/<bundle ID>/<project token>/, each marked excluded from backup whenever
# it is written. The anonymous ID (the distinct ID until identify()) is the stored file, else a new
# UUID v7 in lowercase, which is written at once. The device ID ($device_id, the one that survives
# identify() and reset()) is its own file, else a copy of the anonymous ID, written too. setup() asks for
# the device ID every time, both stay in memory for the process, and a stored value is used as it is.
# Nothing is written when a file already holds a value; a failed write is only logged. Before the
# per-token folder (3.20.0) the files sat directly in the bundle folder: every start copies such a
# legacy file into the token folder when the target is absent and deletes it either way.
# Not modelled: appGroupIdentifier (the folder then lies in the App Group's container, which a recipe
# file cannot name, so extensions sharing the IDs are out of reach), reset() and identify() (no scenario
# event), the getAnonymousId hook and bootstrap (an app-chosen value), the JSON wrapping of each value,
# and the legacy files other than the anonymous ID (no older version had a device ID file). The SDK
# reads the device file first and the anonymous one only when it lacks it; the recipe works the
# anonymous ID out first at every launch, which gives the same values while reset() cannot happen.
# Source: PostHog/posthog-ios PostHog/PostHogStorageManager.swift lines 73-127, PostHog/PostHogStorage.swift
# lines 19-32, 227-259, 264-307 and 346-394, PostHog/Utils/UUIDUtils.swift lines 13-25,
# PostHog/PostHogSDK.swift lines 155-165 (commit 64c7dd0e09dce10c55ac737ef2615af812a37950, 3.69.3+4).
name: posthog
summary: "PostHog $device_id: file posthog.deviceId, else seeded from the anonymous ID file, else a new lowercase UUID v7; both kept out of backups (PostHogStorageManager.swift:73-127)"
params: [projectToken]
stores:
  anonFile: { file: { path: "Library/Application Support/{bundle}/{projectToken}/posthog.anonymousId", backup: false } }
  deviceFile: { file: { path: "Library/Application Support/{bundle}/{projectToken}/posthog.deviceId", backup: false } }
  legacyAnon: { file: { path: "Library/Application Support/{bundle}/posthog.anonymousId", backup: false } }
migrate:
  - { from: legacyAnon, to: anonFile, clear: true }
ids:
  anonymous:
    id: [anonFile, { uuid7: { case: lower } }]
    save: [anonFile]
  device:
    id: [deviceFile, { from: anonymous }]
    save: [deviceFile]
primary: device
cache: process

"""##),
        ("revenuecat", ##"""
# RevenueCat purchases-ios's App User ID. configure() first picks a UserDefaults: the one the app passed
# with(userDefaults:), else UserDefaults.standard when it already holds any value under the ID's key
# (installs that first ran an SDK older than 4.14.3), else the private suite com.revenuecat.user_defaults.
# From that store it reads the ID's key, then the key 2.x used; a stored string wins without any check.
# With neither, it makes an anonymous ID: "$RCAnonymousID:" and a UUID v4 in lowercase hex without
# dashes (2.x IDs stay as they were: uppercase UUIDs, no prefix). The chosen ID is written back under
# the new key at every configure, even unchanged, and then lives in memory for the process. The param
# userDefaults says which store the app gives: computed (no with(userDefaults:), the default), standard
# (with(userDefaults: .standard), as purchases-kmp 3.7.0 passes), or suite (UserDefaults(suiteName:) with
# the param suiteName; an App Group's name makes it the group's suite, shared with its extensions).
# Not modelled: with(appUserID:) and logIn() (the app's own user ID, which no source can take from an
# option), logOut() (a new anonymous ID on the app's request), the backend's aliasing of anonymous IDs
# on logIn and restorePurchases, the keychain tokens of the internal, off-by-default IAM mode (whose
# server returns the ID), and UI preview mode's fixed ID.
# Source: RevenueCat/purchases-ios Sources/Identity/IdentityManager.swift lines 38, 40-74 and 161-163,
# Sources/Caching/DeviceCache.swift lines 75-93, 122-127 and 554-562,
# Sources/FoundationExtensions/UserDefaults+Extensions.swift lines 26-30 and 41-51,
# Sources/Purchasing/Purchases/Purchases.swift lines 393-394, Sources/Purchasing/Configuration.swift
# lines 246-249 (commit ff486da380002b66ba57efd9910f62db7ad2c225, 5.86.0-SNAPSHOT, after tag 5.85.0).
name: revenuecat
summary: "RevenueCat App User ID: standard's key when set, else the suite com.revenuecat.user_defaults (new key, then 2.x key), else a new $RCAnonymousID; written back at every configure (IdentityManager.swift:40-74)"
params: [{ userDefaults: computed }, { suiteName: "" }]
stores:
  std: { defaults: { key: com.revenuecat.userdefaults.appUserID.new } }
  stdLegacy: { defaults: { key: com.revenuecat.userdefaults.appUserID } }
  suite: { defaults: { suite: com.revenuecat.user_defaults, key: com.revenuecat.userdefaults.appUserID.new } }
  suiteLegacy: { defaults: { suite: com.revenuecat.user_defaults, key: com.revenuecat.userdefaults.appUserID } }
  custom: { defaults: { suite: "{suiteName}", key: com.revenuecat.userdefaults.appUserID.new } }
  customLegacy: { defaults: { suite: "{suiteName}", key: com.revenuecat.userdefaults.appUserID } }
id:
  # computed: standard when it holds the new key (then that key wins), else the suite's two keys
  - { store: std, when: { option: userDefaults, is: computed } }
  - { store: suite, unless: std, when: { option: userDefaults, is: computed } }
  - { store: suiteLegacy, unless: std, when: { option: userDefaults, is: computed } }
  # with(userDefaults: .standard)
  - { store: std, when: { option: userDefaults, is: standard } }
  - { store: stdLegacy, when: { option: userDefaults, is: standard } }
  # with(userDefaults: UserDefaults(suiteName: suiteName))
  - { store: custom, when: { option: userDefaults, is: suite } }
  - { store: customLegacy, when: { option: userDefaults, is: suite } }
  - { uuid: { case: lower, dashes: false }, template: "$RCAnonymousID:{value}" }
save:
  - { store: std, if: std, when: { option: userDefaults, is: computed, write: always } }
  - { store: suite, unless: std, when: { option: userDefaults, is: computed, write: always } }
  - { store: std, when: { option: userDefaults, is: standard, write: always } }
  - { store: custom, when: { option: userDefaults, is: suite, write: always } }
cache: process

"""##),
        ("rndi-twin", ##"""
# react-native-device-info's getUniqueId (the Swift strategy rndi) as a recipe: keychain deviceUID
# (AfterFirstUnlockThisDeviceOnly), then UserDefaults deviceUID, then the IDFV, then a new UUID;
# both copies overwritten when they differ.
name: rndi-twin
summary: "rndi as a recipe: keychain → UserDefaults → IDFV → new UUID, both copies kept in step"
stores:
  kc: { keychain: { service: deviceUID, account: deviceUID, accessible: afterFirstUnlockThisDeviceOnly } }
  prefs: { defaults: { key: deviceUID } }
id: [kc, prefs, idfv, uuid]
overwrite: [kc, prefs]

"""##),
        ("rudderstack", ##"""
# RudderStack's iOS SDK (rudder-sdk-ios 1.31.0) anonymousId: UserDefaults.standard rl_anonymous_id,
# mirrored since 1.25.2 in Library/rsDefaultsPersistence.plist (copied there once from the standard
# defaults, and put back into an absent key at every start); else a new lowercase UUID. Up to 1.18
# (option idDefault: idfv) the default was the lowercase IDFV. The ID is written to both at every
# start. With withCollectDeviceId off (1.19+), a stored ID equal to the lowercase IDFV is dropped at
# start, so a user upgraded from 1.18 gets a new UUID (rudder-sdk-ios PR 361 warns of it). reset:YES
# makes a new one; putAnonymousId stores the app's string.
# Not modelled: the traits JSON (rl_traits) that also holds the ID; versions 1.19 to 1.25.1 (a UUID
# default and no plist); 1.18's removal of the key when the IDFV is nil before the first unlock (here
# no ID and no write); putAnonymousId and the ID reading nil while the user has opted out. The
# plist is a keyed file here, not a property list.
# Source: rudderlabs/rudder-sdk-ios Sources/Classes/RSContext.m lines 29-33, RSEventRepository.m
# lines 60-80 and 148-157, RSPreferenceManager.m lines 25, 48-72, 83-89, 167-203 and 334-346,
# RSDefaultsPersistence.m lines 14 and 28-65, RSUtils.m lines 38-46, 72-75 and 139-147, RSClient.m
# lines 334-342 and 442-457 (commit dcf152d5e7b8a0a715d20dbf813168cdbf46f99c, 1.31.0 plus 5 commits);
# 1.18.0 RSPreferenceManager.m lines 130-142 (commit 211f70d6dd56b97d164b0cb006344b56a7af39d2);
# docs/research/sdk/rudderstack.md.
name: rudderstack
summary: "RudderStack anonymousId: UserDefaults rl_anonymous_id (and Library/rsDefaultsPersistence.plist), else a new lowercase UUID (the lowercase IDFV up to 1.18); dropped at start when it equals the IDFV and collectDeviceId is off (RSEventRepository.m:148-157)"
params: [{ collectDeviceId: true }, { idDefault: uuid }]
stores:
  anon: { defaults: { key: rl_anonymous_id } }
  anonCopy: { file: { path: Library/rsDefaultsPersistence.plist, key: rl_anonymous_id } }
  copied: { file: { path: Library/rsDefaultsPersistence.plist, key: standardDefaultsCopied } }
migrate:
  - { from: anon, to: anonCopy, done: copied, value: "true", overwrite: true, when: { option: idDefault, is: uuid } }
  - { from: anonCopy, to: anon, when: { option: idDefault, is: uuid } }
ids:
  anonymousId:
    id:
      - anon
      - { store: anonCopy, when: { option: idDefault, is: uuid } }
      - { from: idfv, case: lower, when: { option: idDefault, is: idfv } }
      - { uuid: { case: lower }, when: { option: idDefault, is: uuid } }
    save:
      - { store: anon, when: always }
      - { store: anonCopy, when: { option: idDefault, is: uuid, write: always } }
calls:
  launch:
    - { clear: anonCopy, if: { store: anon, equals: { from: idfv, case: lower } }, when: { option: collectDeviceId, is: false } }
    - { clear: anon, if: { store: anon, equals: { from: idfv, case: lower } }, when: { option: collectDeviceId, is: false } }
  reset: [{ clear: anon }, { clear: anonCopy }, { newId: anonymousId }]
  putAnonymousId: [{ save: anon, from: supplied }, { save: anonCopy, from: supplied }, { rerun: anonymousId }]

"""##),
        ("segment", ##"""
# Segment analytics-swift's anonymousId. When an Analytics instance starts, UserInfo's default state
# looks up segment.anonymousId in a UserDefaults suite private to the app, one per write key
# (com.segment.storage.<writeKey>); a stored string is taken as it is, with no check of its shape.
# With nothing there, the configured generator makes one: by default a UUID v4, uppercase with dashes.
# Handing that state to the Sovran store wakes the Storage subscriber, which writes userId, traits and
# anonymousId back to the suite: so the ID is written at every start, read or new, and never re-read
# during the process. No keychain and no file, so a restore brings the ID to any phone, a reinstall
# loses it, and a start before the first unlock reads an empty suite, makes a new ID and writes it
# (analytics-ios PR 865 saw its predecessor lose the ID the same way).
# Not modelled: a custom anonymousIdGenerator (any string), reset() (a new ID on the app's request),
# identify()'s userId and traits, which the same write stores (a locked start also writes userId
# nil, i.e. removes it), and context.device.id, the IDFV read once per process and sent with events
# but never stored (expo-application shows the raw IDFV). No App Group suite: the SDK offers none.
# Source: segmentio/analytics-swift Sources/Segment/State.swift lines 169-189 and 248-260,
# Sources/Segment/Utilities/Storage/Storage.swift lines 21-24, 52-57, 60-89, 101-119, 172-179 and
# 185-190, Sources/Segment/Plugins/SegmentDestination.swift lines 19-23, Sources/Segment/Analytics.swift
# lines 94-107, Sources/Segment/Configuration.swift lines 17-23 and 128 (commit
# c9a0d6305ac44dcacffeb450534ee8af214b6607, 1.10.0+1; Version.swift still says 1.9.4);
# segmentio/Sovran-Swift Sources/Sovran/Store.swift lines 89-110 and 251-265
# (commit 48882869bf2ae7de069b4cd26613b8731ea57e38).
name: segment
summary: "Segment analytics-swift anonymousId: UserDefaults suite com.segment.storage.{writeKey}, else a new UUID; written back at every start (State.swift:248-260)"
params: [writeKey]
stores:
  anon: { defaults: { suite: "com.segment.storage.{writeKey}", key: segment.anonymousId } }
id: [anon, uuid]
save: [{ store: anon, when: always }]
cache: process

"""##),
        ("sentry", ##"""
# Sentry Cocoa's installation ID, the user.id an event gets when the app set no user and the
# distinct ID of every session. The SDK looks in its process memory first (one entry per cache
# directory), then reads the file INSTALLATION in the cache directory and takes its bytes as UTF-8
# text; when there is no file it makes UUID().uuidString (uppercase, dashes), tries once to create
# the file, only logs a failed write, and keeps the new ID in memory for the rest of the process.
# Nothing else is a source: no keychain, no UserDefaults, no IDFV, nothing from the server. The
# cache directory is the option cacheDirectoryPath (since 8.16.0), by default Library/Caches, which
# iOS leaves out of every backup and may empty when storage runs low (CT-39), so the ID is new
# after a reinstall, any restore, a migration or a purge. Before the first unlock the file cannot be
# read or written: the process makes a stray ID, keeps it in memory, and the next process after the
# unlock reads the stored one again.
# Not modelled: the file's contents are not validated by the SDK (an empty or garbled file is used
# as it is; the simulator never holds such a file); the option is an absolute path in the SDK and a
# path inside the container here; the crash context's device_app_hash ("app.device", a SHA-1 of the
# IDFV bytes, hw.machine, hw.model and the bundle ID, computed once per process,
# SentryCrashMonitor_System.m lines 385-433) is not an output, since a second ID under `ids:` would
# not keep the stray installation ID in memory when the IDFV is nil before the first unlock.
# Source: getsentry/sentry-cocoa Sources/Swift/Helper/SentryInstallation.swift lines 11 and 18-75,
# Sources/Swift/Options.swift lines 658-663, Sources/Sentry/SentryClient.m lines 152-154 and
# 1000-1014, Sources/Sentry/SentryHub.m lines 125-126 (commit c34c99b97b112c0da21216f702d4da336c1b2a90,
# 9.26.0 plus 16 commits that leave this code alone).
name: sentry
summary: "Sentry installation ID: the file INSTALLATION in the cache directory (Library/Caches), else a new UUID; new after a reinstall, a restore or a purge (SentryInstallation.swift:18-75)"
params: [{ cacheDirectoryPath: Library/Caches }]
stores:
  installationFile: { file: { path: "{cacheDirectoryPath}/INSTALLATION" } }
id: [installationFile, uuid]
save: [installationFile]
cache: process

"""##),
        ("statsig", ##"""
# Statsig's iOS SDK (statsig-kit 1.62.5), default storage: the stableID of the StatsigUser the app
# builds. UserDefaults.standard com.Statsig.InternalStore.stableIDKey, else a new UUID (uppercase,
# dashes) written once; the option overrideStableID, when the app gives one, replaces it and is
# written over the stored one at every initialize and updateUser, so it outlives its removal. There
# is no reset. The client keeps the user for the process.
# Not modelled: enableCacheByFile, which moves the store to Library/Caches/statsig-cache-data after
# initialize, so a user built before and one built after read different stores (a second recipe
# would be needed, and an ID worked out only when a call asks); a storageProvider the app supplies;
# the 1.23.2 rename of the cache file; the asynchronous whole-file rewrite.
# Source: statsig-io/statsig-kit Sources/Statsig/DeviceEnvironment.swift lines 37-54,
# Sources/Statsig/StatsigUser.swift lines 115-128, Sources/Statsig/StatsigClient.swift lines 229-231
# and 994-1013, Sources/Statsig/Storage/UserDefaultsKeys.swift line 7 (commit
# ffe36d6d070b6f0c23524cc06eeb20d4100d258b, 1.62.5); docs/research/sdk/statsig.md.
name: statsig
summary: "Statsig stableID: UserDefaults com.Statsig.InternalStore.stableIDKey, else a new UUID written once; overrideStableID written over it, so it stays when the option goes (DeviceEnvironment.swift:37-54)"
params: [{ overrideStableID: "" }]
stores:
  stable: { defaults: { key: com.Statsig.InternalStore.stableIDKey } }
ids:
  built:
    id: [{ store: stable, not: [""] }, uuid]
    save: [stable]
  stableID:
    id: [{ supplied: overrideStableID, not: [""] }, { from: built }]
    overwrite: [stable]
primary: stableID
calls:
  updateUser: [{ rerun: built }, { rerun: stableID }]
cache: process

"""##),
        ("svudid-twin", ##"""
# SvUDIDTools (the Swift strategy svudid) from iOS 7 on, as a recipe: a keychain item in the shared
# access group TEAMID.com.cnblogs.smileEvday (no class given), seeded from the IDFV. Not expressed:
# the Wi-Fi MAC it read before iOS 7, and leaving the group out in the Simulator.
name: svudid-twin
summary: "svudid (iOS 7+) as a recipe: a shared-group keychain item seeded from the IDFV"
stores:
  kc: { keychain: { service: UUID, account: "", accessGroup: "{team}.com.cnblogs.smileEvday" } }
id: [kc, idfv]
save: [{ store: kc, when: missingOrRefused }]

"""##),
        ("zbuuid-twin", ##"""
# ZBUUID (a Swift strategy) written as a recipe: the IDFV, lowercase without dashes, copied into a
# KeychainSwift item (no service, WhenUnlocked; set is delete then add) whenever the copy differs.
# The one difference: with no IDFV, the recipe also writes its random stand-in to the keychain,
# where ZBUUID writes nothing; the ID at every launch is the same.
name: zbuuid-twin
summary: "zbuuid as a recipe: the IDFV (lowercase, no dashes), copied over the keychain item when it differs"
stores:
  kc: { keychain: { service: "", account: zb_uuidForDevice, onDuplicate: deleteAndAdd } }
id: [idfv, uuid]
overwrite: [kc]
format: { case: lower, dashes: false }

"""##),
    ]
}
