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
  - launch: com.acme.shop
    device: newphone
  - expect: { app: com.acme.shop, device: newphone, guid: { sameAs: first }, idfv: { differsFrom: reinstalled } }
  - note: The old phone is still in use, so two devices now report the same GUID.

"""#),
    ]

    static let recipes: [(name: String, text: String)] = [
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
