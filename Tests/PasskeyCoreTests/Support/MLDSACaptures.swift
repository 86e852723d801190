import PasskeyModel

/// ML-DSA passkeys made by another implementation: registrations and sign-ins captured at webauthn.io (relying party
/// `webauthn.io`, origin `https://webauthn.io`), as published in the test suite of duo-labs/py_webauthn
/// (tests/test_verify_registration_response.py and tests/test_verify_authentication_response.py, commit b4bf63f,
/// "Add ML-DSA unit tests", September 2025). Only the captured data is taken: it is a fact about those
/// ceremonies, used here as test input.
enum MLDSACaptures {
    struct Registration {
        let algorithm: Int64
        let responseJSON: String
        let challenge: String
    }

    struct SignIn {
        let algorithm: Int64
        let responseJSON: String
        let challenge: String
        /// The credential's COSE key as py_webauthn's test stores it.
        let publicKey: String
        /// The counter stored before this sign-in.
        let storedSignCount: UInt32
    }

    static let rpID = "webauthn.io"
    static let origin = "https://webauthn.io"

    static let mlDSA44Registration = Registration(
        algorithm: -48,
        responseJSON:
            "{\"id\":\"-EM9FDFIdFVeqWdTycRjoZVN2ZS4vnVE-MBpg7k0pl4jpuqj4GnMCW3Wqlm2WWI2PQ\",\"rawId\":\"-EM9FDFIdFVeqWdTycR" +
            "joZVN2ZS4vnVE-MBpg7k0pl4jpuqj4GnMCW3Wqlm2WWI2PQ\",\"response\":{\"attestationObject\":\"o2NmbXRkbm9uZWdhdHRTdG" +
            "10oGhhdXRoRGF0YVkFoHSm6pITyZwvdLIkkrMgz0AmKpTBqVCgOX8pJQtghB7wxQAAAAQAAAAAAAAAAAAAAAAAAAAAADH4Qz0UMUh0VV6pZ1PJ" +
            "xGOhlU3ZlLi-dUT4wGmDuTSmXiOm6qPgacwJbdaqWbZZYjY9owEHAzgvIFkFIC4AIUrgARve17AEk0W30POluaL08p91eLXkktSjmAlmZdNTWh" +
            "tUFj3wkseZEt4xpmWarG28Za86i7yq-B4df3uOuq3zQVTKOQUWJLWGJ3-wUUuyywPtkdgSqzQdcli6xMgwnVqh9r6FVL9Xp7x3kgjUVDqhux_k" +
            "1D2d4ts2zqi1rUrSF6FNX139g3dd1VnUNQrMLdrwohR9CmE0fZ6Am4Df_OV2JxOrUEPzMFi5SeBcrU1oSj2lX_91gY179PO0wIOtTa1KzWvwOY" +
            "a_KjOj9Ow16AtmsXrcpL-jYW4_bFn4kpT9G-vDG4qPFDpint62g0DDjEt7JrF288aIZXOpsbVmnjw2_O_5pFFvFpH32gD7_NdmvE6PSymNxPcT" +
            "CnMzY3xv5wJXiEDhO21E85n78Oay4k7PzWHvzQxlJldIYw-9TfKZXqZa6sIbE-LyZj_Y2FV1Owd4WLvKCNcO-IIP3XFcZ7__XPZtAsBTJ5Z5w1" +
            "8jRnlMNKTygva-F2Ec65tA2skED9PnVyS_WjtZN5VjbhuU-D9DIDXEgUjitdcXWbCruDjxaBwjuDFXOI9cYdp4n-KWCZGJdX9QFHDGkvX6zDXu" +
            "pFrFV1q1JeKCayuMJjL3Z44AMF2UtjNODzhlviE8neX5NSfXdf36FWGFER6D6YCGGvooW8EBCx8OLPRNGGwoKBrEflr_ISYIdyw8-rDkAG0-bk" +
            "a_ulzfg8uTY8BXNu0HhqsteUPni4HlhUXMb0yI1DbLi5hTTkpBEBfmjzTJ8JMDe9sOOaqU2PrOzvIs5c7fx_VBqQZbF6amei2Y41okZJWwW0LW" +
            "NvL2JQ_Yj9deHMczichCHWVX3uCL-SfPL3AaLeWLPjTAejU-H1Lnn2jWQeHtiRxBL1eleZNmJVqFbrgclcMXirM6rrmPrsbFe41fDF3Hm1KgcK" +
            "kpZMPSICijfDCT4csVeLDxmsg9aDYwboxigOVHZa-zAmePLBZrPJIWDNEHNBG9CdEG-RfeshvnRbPerB1zLzA9jP-Jj55_Xd4igau4FEc7dLWg" +
            "yn2b2Q3aMAaDnKCzEScd301WeuZtutm6flzqDPCUTJnoniUHuO__bALWkzIxe5rHW6wQ_wPBEX32bQNN-gtI6_yiw-UTwu3egro3tDp7ZzHkMS" +
            "slF9FHD7divbmeEzsE8N4iOwO5kWFt2jY9VpjGXAhyCcGZtWU68SzllOpWzvuacFjlE5KZ_c4nHhYdaphJAjXvbkog-vGUwjffCXe9gQhIliwP" +
            "zREtccZdgyLKiBAlypp0pwVKe6disU9-2kflk_BXPRf1PkBEqO41ySFZWLb6eSij9FrIXtPAo4RFmeKPLoYT-ce3gi8_XftVv7MDl9s0hoFlgh" +
            "5vTh1xMdpxEt-6BxdesEF3zJycxNY4QFVkUKE78geXogQFz2QE7kW4ncTXjq4IydHOKX9Bp2P8uGcCJ6dzW3PFE-Zurf1klV-rkvT7xE-Tds7C" +
            "PeWkrRr_Ckhn6rQ2Z3-Sjz5bgIRHiBnd0iZfm6ZgD77nVHY7ztaSmUQ7JWbeFSz0eoYExgXi7HfSdV77DlHxIjcNlrSh58SGWfkSwUVboOUJKy" +
            "_B3EbBDeweqn1pf7QIjAJnYL7WiogmAku2UxEBQijtPAusmyhLf0_aTEFFc3zdGutHim3dzAKfJucy2aBm8ViQxY_U1N26WVO6sfui7dZVhqkQ" +
            "niZLCq8N_xqEMqWV6utksRHOvITvB_SqmeDacy2ZfiSogU8K5G2ha2NyZWRQcm90ZWN0Ag\",\"clientDataJSON\":\"eyJ0eXBlIjoid2Vi" +
            "YXV0aG4uY3JlYXRlIiwiY2hhbGxlbmdlIjoiNGw4ZGlzVjZWaXRHQ2dfRUp2Q054N1Y5MlFMdEJuX1JZcTl0VEJFWjdqNEI1aFpJOWtpakoySW" +
            "5MeFFOUllWbGdMUk9GM25majgwWWk3TVBoWFF3anciLCJvcmlnaW4iOiJodHRwczovL3dlYmF1dGhuLmlvIiwiY3Jvc3NPcmlnaW4iOmZhbHNl" +
            "fQ\"},\"type\":\"public-key\",\"clientExtensionResults\":{}}",
        challenge: "4l8disV6VitGCg_EJvCNx7V92QLtBn_RYq9tTBEZ7j4B5hZI9kijJ2InLxQNRYVlgLROF3nfj80Yi7MPhXQwjw")

    static let mlDSA44SignIn = SignIn(
        algorithm: -48,
        responseJSON:
            "{\"id\":\"-EM9FDFIdFVeqWdTycRjoZVN2ZS4vnVE-MBpg7k0pl4jpuqj4GnMCW3Wqlm2WWI2PQ\",\"rawId\":\"-EM9FDFIdFVeqWdTycR" +
            "joZVN2ZS4vnVE-MBpg7k0pl4jpuqj4GnMCW3Wqlm2WWI2PQ\",\"response\":{\"authenticatorData\":\"dKbqkhPJnC90siSSsyDPQC" +
            "YqlMGpUKA5fyklC2CEHvAFAAAACA\",\"clientDataJSON\":\"eyJ0eXBlIjoid2ViYXV0aG4uZ2V0IiwiY2hhbGxlbmdlIjoiSmkxNTk3MW" +
            "pTRVNhOWhhQ1VZYjdzX3BNaFY4RE5Od1lUOFdiNXpiRW8xNTFBYjdzX011VC1fTUlqbm91c2ZhRjJRM2VtRkF4N0drcFhrVFVtTWljVFEiLCJv" +
            "cmlnaW4iOiJodHRwczovL3dlYmF1dGhuLmlvIiwiY3Jvc3NPcmlnaW4iOmZhbHNlLCJvdGhlcl9rZXlzX2Nhbl9iZV9hZGRlZF9oZXJlIjoiZG" +
            "8gbm90IGNvbXBhcmUgY2xpZW50RGF0YUpTT04gYWdhaW5zdCBhIHRlbXBsYXRlLiBTZWUgaHR0cHM6Ly9nb28uZ2wveWFiUGV4In0\",\"sign" +
            "ature\":\"e7L-Xli-2lj9ZlP2s26sbrvFGLkVrz74BZnDsLW-7HOhj7AcEl5Zgtm3VLvLtcrfqyKE0PTuFrswsikm7t6ddhxXphxWcSo4ggar" +
            "l6ODQk8NdPCYoFhoK8qwpqKZKmJAl9xDsJE1HAudrWLgq_747JV4QmGLizK0_oJgGM7WLd5xVYvKsl14odBFjU_ZBCrjB0UHIMg8aAq1727yZn" +
            "Y1eiNeF_sEmci_pigYCo-MbxbHmQWPp-U75sGSPPfK0soN2-29_aIxRO4Fg8P37WrwVUrEFdG2PFNgAhcM-ljjyv3mkCfsLUiQNuS-a0cn6Mey" +
            "gREc2HBwE6ChS351-dpNTbkfnb-o1fA6suP1sh3-i7YZrEn9e2J7UZxIAEJPpmuKxYFA4Fj0lAGUhi3lvnkWPOnS8BUjPr5q5z5iEbyL4MokDP" +
            "75G723Tyy-5L8u1pLmlSLiuwvuW5MBkEhjVVj0RpVSnCoqzwE9A9ZmqZx5wv5gQEi4hAA64mSoXGdUZ5EGkPGrrIDjGyIOrLjuHOSZ6hjyioZv" +
            "MA1nCQJ76oaL5-Pn1FR1VTurI5ccTWrDAo5sHuo8uGjx9bsyy_aMT3Nzosu29PArTm0AkJFd7INXky0L9itCmhujSnali9zTO8UuwV0G8sZeB2" +
            "BG4VZN2nkjT1Ib8VeBnSMTlIFVOI2JHlD9kePZuV3nCuAvK8j5qH5OPJoEeJzuxGHP2k7f0941kzyW9sjBaD90HEusVGGgST0qWigEKU3kKaO_" +
            "Du5ZngcqlmKnnFVKXQk5mEV5nFs9ia76sKe9FKYUp_ZxsVFATcjXETW5GuXF1qIj0ZTCSmhn8V_cqEH29fQWyy9qxNa6kkKc4koZUP36B-h5yV" +
            "awIDdfyjl-VueUvUyEunPv1EyqXQaf9bo-WThxD_5v3Bd2sYTOI__0PIsUvCASjZJMQU4jpwyXoR2EsLWDRD4fsAxLmdao0iXNxdlH0Ys2MqkX" +
            "kkMbIylccEHkFjbm_VB5tPYQkFRqqRX13KUyYqqTpaT6MdD8IpltlzJxcNLd9mazUvOfSaf5ho2FFtv8TMubekKU8b92MoPQpjeS1DJ9y2pvMr" +
            "tIiZP0Lm0WTeniN6luRfUN-4v5GU6FPajkOPLNV9OXJKLREhrA_SvbDldSF9RtWZOqIk1WeTlbnEWlejtwWFoLSScCSfExu6bu_vv9NKK-E8mT" +
            "WF8_f4bCvlZQp58BEsTHrZuBiQzH34Z5wPeOZuuQlqbAquIS4_W6z_XmNW-d4FhIp2U3y9sYC7wpo1M7N7MB3HKwAliPVgsNHBRI4ZLZ-dL3FC" +
            "yCMThKJqQMNrMcRif_Mm5Du--Atjn1UH2u2gAxiBA6IY7uSlSn-OJEO-m8qeif8zsdvVhXtJMxNAWZHhQ4QuRFgjuDgxy1nVuhGHdmXi6tseii" +
            "C2NQ9iqGuBRetexfz84R93RVSbKMkYlvBU1KPe8ARVf_N52C1KC9F2b3Uo5To9iD2lXShcsGkQkcAX5gjmhy4jrmTv5-pUJYAHa6A9Vorr59D7" +
            "-Y-CVvVX59YJB9-kMT8wzHQdj2XimbcLKnS5Z4BKsMMEIt01LVkdHcBP9tKBQ20e-Kmf25wsUr9TqFa7ukQEhfLwgflIBbobAJoGKFC2_3fIKa" +
            "EBuoAOoErASxPClLNAbBqG1JAdrAq9Ki3WC46aN4b-Q6ykfbk2azLAxOzFftJuhLWGLLCkOxbxjfaUrRJ51h8Dwrpy2xBT1qWurNnfFTrzScou" +
            "K-R8G4SfsyaSiejiaLYLsWZVCcpeH_S8cqQuBFCMpQfxiPn2reOgMFhSzbdSDkzwUTQsjGq94QTs7bdS0LlyRb4OUa0s3szGSIa7n4vQ10uc9g" +
            "zHlDxEqgaKSpPlVDyvZs58GC3PCZ2HJiiVbuc508_rV1xuydd7asPlyaOAMXImKPxp7d6rAGLbDOQOKS4U9sr6wKQVPnfPqg7TvmtuXTJS5Y_M" +
            "6mutU7Bn8y6qmbjt5EtoETTSORHfx71ySMLZ8zxveJdsaNow6lfjvI0myk8oSDIucRar1j9G2m13B3K2Kr0URBweH6JkJz3Z7mYFTe09B6GMzI" +
            "OcPoaYzzJP_PSrpuAfvb6V0AwVCX_HixF2qkCvcdrLyvGaGkkkYh32T2Renu7QWj8Wz06MvimWYCA4pB8SPJpjyw8mNZHOWJXgkI8hgD90O_rD" +
            "F8mhEIMbDtfTZdOPjekS1a7-LNUGM6ajWLzDehU5YQBzTuGwgoPd2RV0E68iYR6QplHTmhh5vToa7eHvbQrYn8NUzJ6CP5YXcoxl7H9HsQ3AXD" +
            "HmCtZ3e5p4FLV-Lz64_hVJWaTLOgHecFGAFqXMmnp1BtoKlzwbMnXaFMVaT1T7CkC_XZsoggQA1WFO3vFuXpnw4D6BPNGTmEZrEmINmfBVeFHB" +
            "4SHDPJXDYX4wwTK8kgUpCHSI8ozIYFy0nw4uJqhkAYjXnvbEeCPsPkf7SPGS7xujgIdlYbtizeg-op2ZyI020Jt-hx2GogXRD_bsNcHaToWZ90" +
            "fTI8M_Y1-F8iMJG4OnxinHlHnTj7R6wRuM2AZ4-Ov_yhd9w6yXenoKh56RReHCbYAvGCt3aDDyOrcX9WX7VePrBHH3C9ubCwj3PNcuP16or5ho" +
            "6XRNlXC1s63J99dgi42FWatXeYdUvvcmK7fKxFZWSCXko-cArTT1KqgucxXg8wMk7gaGSwfb2j3pNt1hf4y5MOJQ-HbS0uhuywUbBiHBe8ns6F" +
            "zUJpM4T8sNXAfbslBk1nIYU9BCMn1Veqw8puCYcwkjWJgxrKU_d2Jx0b8DKpIbbdFKkrdR4vAGRTJ74IgWPuk7wZTSWCddJAB4Q1PU1nbXO3Ms" +
            "xxzlQrWXY1jD9Zp3E69NEUss4qMTT6u5W-RG6RB6ge6sOt47l40v3IO-1LgsCwJtFyQzks0msArf0MSSQ9HreubNnjYqaMOqgUleX4-a0P8BhQ" +
            "wOhwt7C6zyGCnbcBiQx0RWAs0mvf-k5mgqn9Ij5mpGoGVV5L4OhBdY6pm51h7v02bgoWlzUzZHImgBhQtkx0jlBM9XeCIo4t8EQ4ZbqGmLsbj3" +
            "CTu7KZbc9uQJkWyXSov2WWMvzZfOgCHbizXOGazd47v44BDRMXIiUmJzI1ZXiFkqPB0NftBw80ZnCHlpeq1Nzq8_QQHiM2R1SEsc_T1QQcSlJT" +
            "VmBpdnqesbv9AAAAAAAAAAAAAAAAAAAAAAAAAAAAABMhLDo\",\"userHandle\":\"d2ViYXV0aG5pby1tbC1kc2EtNDQ\"},\"type\":\"p" +
            "ublic-key\",\"clientExtensionResults\":{}}",
        challenge: "Ji15971jSESa9haCUYb7s_pMhV8DNNwYT8Wb5zbEo151Ab7s_MuT-_MIjnousfaF2Q3emFAx7GkpXkTUmMicTQ",
        publicKey:
            "owEHAzgvIFkFIC4AIUrgARve17AEk0W30POluaL08p91eLXkktSjmAlmZdNTWhtUFj3wkseZEt4xpmWarG28Za86i7yq-B4df3uOuq3zQVTKOQ" +
            "UWJLWGJ3-wUUuyywPtkdgSqzQdcli6xMgwnVqh9r6FVL9Xp7x3kgjUVDqhux_k1D2d4ts2zqi1rUrSF6FNX139g3dd1VnUNQrMLdrwohR9CmE0" +
            "fZ6Am4Df_OV2JxOrUEPzMFi5SeBcrU1oSj2lX_91gY179PO0wIOtTa1KzWvwOYa_KjOj9Ow16AtmsXrcpL-jYW4_bFn4kpT9G-vDG4qPFDpint" +
            "62g0DDjEt7JrF288aIZXOpsbVmnjw2_O_5pFFvFpH32gD7_NdmvE6PSymNxPcTCnMzY3xv5wJXiEDhO21E85n78Oay4k7PzWHvzQxlJldIYw-9" +
            "TfKZXqZa6sIbE-LyZj_Y2FV1Owd4WLvKCNcO-IIP3XFcZ7__XPZtAsBTJ5Z5w18jRnlMNKTygva-F2Ec65tA2skED9PnVyS_WjtZN5VjbhuU-D" +
            "9DIDXEgUjitdcXWbCruDjxaBwjuDFXOI9cYdp4n-KWCZGJdX9QFHDGkvX6zDXupFrFV1q1JeKCayuMJjL3Z44AMF2UtjNODzhlviE8neX5NSfX" +
            "df36FWGFER6D6YCGGvooW8EBCx8OLPRNGGwoKBrEflr_ISYIdyw8-rDkAG0-bka_ulzfg8uTY8BXNu0HhqsteUPni4HlhUXMb0yI1DbLi5hTTk" +
            "pBEBfmjzTJ8JMDe9sOOaqU2PrOzvIs5c7fx_VBqQZbF6amei2Y41okZJWwW0LWNvL2JQ_Yj9deHMczichCHWVX3uCL-SfPL3AaLeWLPjTAejU-" +
            "H1Lnn2jWQeHtiRxBL1eleZNmJVqFbrgclcMXirM6rrmPrsbFe41fDF3Hm1KgcKkpZMPSICijfDCT4csVeLDxmsg9aDYwboxigOVHZa-zAmePLB" +
            "ZrPJIWDNEHNBG9CdEG-RfeshvnRbPerB1zLzA9jP-Jj55_Xd4igau4FEc7dLWgyn2b2Q3aMAaDnKCzEScd301WeuZtutm6flzqDPCUTJnoniUH" +
            "uO__bALWkzIxe5rHW6wQ_wPBEX32bQNN-gtI6_yiw-UTwu3egro3tDp7ZzHkMSslF9FHD7divbmeEzsE8N4iOwO5kWFt2jY9VpjGXAhyCcGZtW" +
            "U68SzllOpWzvuacFjlE5KZ_c4nHhYdaphJAjXvbkog-vGUwjffCXe9gQhIliwPzREtccZdgyLKiBAlypp0pwVKe6disU9-2kflk_BXPRf1PkBE" +
            "qO41ySFZWLb6eSij9FrIXtPAo4RFmeKPLoYT-ce3gi8_XftVv7MDl9s0hoFlgh5vTh1xMdpxEt-6BxdesEF3zJycxNY4QFVkUKE78geXogQFz2" +
            "QE7kW4ncTXjq4IydHOKX9Bp2P8uGcCJ6dzW3PFE-Zurf1klV-rkvT7xE-Tds7CPeWkrRr_Ckhn6rQ2Z3-Sjz5bgIRHiBnd0iZfm6ZgD77nVHY7" +
            "ztaSmUQ7JWbeFSz0eoYExgXi7HfSdV77DlHxIjcNlrSh58SGWfkSwUVboOUJKy_B3EbBDeweqn1pf7QIjAJnYL7WiogmAku2UxEBQijtPAusmy" +
            "hLf0_aTEFFc3zdGutHim3dzAKfJucy2aBm8ViQxY_U1N26WVO6sfui7dZVhqkQniZLCq8N_xqEMqWV6utksRHOvITvB_SqmeDacy2ZfiSogU8K" +
            "5G0",
        storedSignCount: 7)

    static let mlDSA65Registration = Registration(
        algorithm: -49,
        responseJSON:
            "{\"id\":\"S903soghFo9Bmu9i4Styf5hLEPFkxu_Ma8Nm65BiZdBt1pGqF4dB2cth6wknrCMk6A\",\"rawId\":\"S903soghFo9Bmu9i4St" +
            "yf5hLEPFkxu_Ma8Nm65BiZdBt1pGqF4dB2cth6wknrCMk6A\",\"response\":{\"attestationObject\":\"o2NmbXRkbm9uZWdhdHRTdG" +
            "10oGhhdXRoRGF0YVkIIHSm6pITyZwvdLIkkrMgz0AmKpTBqVCgOX8pJQtghB7wxQAAAAIAAAAAAAAAAAAAAAAAAAAAADFL3TeyiCEWj0Ga72Lh" +
            "K3J_mEsQ8WTG78xrw2brkGJl0G3WkaoXh0HZy2HrCSesIyToowEHAzgwIFkHoNsFUCfZJHghYZMYm8P_ANG6RtvE1VKrK5_ER7yE512V3UmGjI" +
            "lYVOSIMebtBorke1TBvjuBi8PBKAQs4w16SJ7ijjT8r9ClCt_aHcFDTjz49s3jLIwqL08wPD1qJy6vrdkTES-mrU6rJG16RAhInZh4ie98DGZh" +
            "BBaOUBIrnIy9QvceP9Qi8-4GBLcBiS-cL_da94kK6XZJXJLy1Qm-LfDPdsoph0YHGSfueYBJy41Tpu6oU4QStJ90r_E86dxQj_nd0uDPuwbje_" +
            "lIrF0sbedrkNXVOwh00m-PK05fmwb-wpUUGsRq2o7gvm3oCMSxm-1dwYHKdBWjf8y_E34kiQ_ZeZTsA1yXSKci7kCEGGXqLDIE0chka6hY6xZZ" +
            "lEA89Cbqv_HPAN29t0_70144qDuXb4nLfQ7XY-uoS5OBP_W0rkc3lc3r0spe0c9ZO8lHEGFbX8PyP98gkM2z61kDstai23k6OjLTKMvuulKNYb" +
            "TxCLTj37BpiNxnqqq5bs0dkG9eO5yHpqBwH4sm4qUXRsG-ZS9_TvfiEtKahjU5uAhZWOYs71CcCIfSKSD_swPg-7VKUwzSpYq2BwlExdBpDHL-" +
            "ghogYAOgf5FNs9fUNHLRmFpOUDnmUAeX7iNrtA7Tu3BygNv8JWUCTuWllzT2GQpD70xJMAjKxMkvXrqqCfJrFTQt0FscjqjZqcP8xyiaCo0nPI" +
            "LaGChuakL0XBgh-Fi5YkulKsaDd5orLnka4063lpn0jdxvy1yk0p4tfFRmEBnankCmk44ZvbKJQRMsDcydqgjK0vpQxVWbf1r-73GHNvliWw1a" +
            "jYmqUe2uwDGdLBBCUbDeqcmrRJYnX6g8W-vlh3VLWGBlHodtGWUEkJxY7RmArf2UeEBDGWj3QoGJTfQYUzXg91Y2fSmgi2b3ZPzUg8h92JKMCp" +
            "bvJr6PLANCFGf3RviLYnNuU0Zn8czC80tsUtxkkzLN0iFkRvT_WPha6lbuwIlMKNXkXRbkph79wSBasp81aqzgPd4Yq9LDrZIrNI6q7ZbYGoF0" +
            "3C0Digqdj_f6aUxxIteIuCWm-z_xHY9Czo4VHo0V8YnTFyZj3HDX1S8NZ_odvP_GZcmvgLmUhsWRmMxs2WEJFDrcgFR-tK9KLYf29gGI0lPsSJ" +
            "tnho_GLUKX5-tdojlBVEcVO6rPieS8-bCu8B4BeyduYAnDgHdxBAUBfm2um7ZIDTl_n6g-bZb-TxMvsGbIO3NK99QylHqSRFK68PX-yvDZjsZl" +
            "blKZSe8WsSG_RVNrWGYiKjVpsqZy61eXoSE5ySCOQvAdlpTEdb7F5C1_USkpdyuyR5BGXtFizf2V60wDPbjOrr3Yz1CuUB_DRDvbvc4GKIAzCZ" +
            "DR6MC3oIJjQ2Z81pzv8ZrXq5LhhSdda2TTBtckM-BRyLJHh7ZkHY03DFLqfGSn-KUzGlk2fUWFdJ4zlT4AquxJTKJYBQlWt6tOgGV8MB5j5DUu" +
            "wgbw9a7dx_jRW8AZps4O96y85c-rQS7e9g5noatqxq1vZp6X-vTTMZXF-nx1sgSHEgoN5bm30fsrMP0MvaahDZaEIV3o8kj7o-uRM8VGyXVHm3" +
            "qhtQdYIwzrjWBCA96t7x75zgmgxIWJbzIgfay3WHeguFIwW844OaO_zq3C43tDCXU0ahWiTjEPeYqAVDGlifqOPEFpiO5t9lvwjU5upQybkhnw" +
            "LzFvaUVCgzGu_2bm7geO5NphNee8lz7Rbi4r8VBCzDYBLcjeqMiUCduCQH8y3mo3Z3F4V0qqAUHM6w_hMr8V9K_mGNeSYDEv52bBHxfywJkcqS" +
            "Tq3TVkPXicWfb1VHJroZ47LdAQ-jlGJaTnJEfHeY5VHHjy9gQ6_px7iZ9JggN0SIJDbSdHXHxkdFbSgMnEHo8N3YFoB-oEO5AKX1CJ3kELg8gO" +
            "-nybVMC4ktDqk5dAAglVcp5GQC8gY_EP92LAXt4MFHRkM9g4zgZHVlqKLqbPPYngB9nOAM-8rZGo3Nez0zB7m5EFDkxV8PoD0k2omrJEqWrSDd" +
            "9swG6kFiH4-5MV-8csaka-PO0kwS-KZmbh7R-OhJlmKujJw6nxYDfUaPeXQs6QsFqU83BZxl5gZGr8LPmqP83i1tEk1RQd_pwFa-ks7GmMvWQu" +
            "yK2PnaW9cXfH-0-Z-jetukzac8KqTOkdedYmeTPW9oHlGmPvAEBvoGNQeUzw5Q_uwBv60LdbEpy61iiTQNEy7eKDxylHJld41P9vTTh1om6TEW" +
            "GmHJ1BQ5YLoZ1E_X4dnMZGZUtcK4Ym_81jHMdRw4NkdQhPtPFe5kfPYMdIn_QeAIVIS_KPyo07t_9BhrDfRBirl_BfAGpEdVuwZQYO-x-jZ-0W" +
            "GXptAp1TpmAVjD2Y-Gwx4xRL-Y-M7NTaTAeZpEB6_UdQU8UUL_DfQLxlF6dE4Px_0xmPAXBNtZJIWcdOIOIpnjP2vvT39x4SgoS1Ij7udQZUoi" +
            "dhA6M6_bwOT3uimKVm31vLH-tN_N3eMgQj8Db2Wj6htO0Ysk58ueKGN17UruWYPnktWiR-M3hZs5mJKlxHeVwTEcZgkIqYM14Hg0IB8M41ICy1" +
            "vhrEzO9aQ1Cwn36srly2-h_coWtjcmVkUHJvdGVjdAI\",\"clientDataJSON\":\"eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIiwiY2hhbGx" +
            "lbmdlIjoiclFNM19IdHdCNjNnbDhFb0xxck00aVBDbVEzc2lXOVU3UnV0bnc5cUdNWlQ4bFdBRVRJYVpjRkV3NmoyUXc0MGZER1pXNFFyYmlzQ" +
            "mpvUmJlWGlkTHciLCJvcmlnaW4iOiJodHRwczovL3dlYmF1dGhuLmlvIiwiY3Jvc3NPcmlnaW4iOmZhbHNlLCJvdGhlcl9rZXlzX2Nhbl9iZV9" +
            "hZGRlZF9oZXJlIjoiZG8gbm90IGNvbXBhcmUgY2xpZW50RGF0YUpTT04gYWdhaW5zdCBhIHRlbXBsYXRlLiBTZWUgaHR0cHM6Ly9nb28uZ2wve" +
            "WFiUGV4In0\"},\"type\":\"public-key\",\"clientExtensionResults\":{}}",
        challenge: "rQM3_HtwB63gl8EoLqrM4iPCmQ3siW9U7Rutnw9qGMZT8lWAETIaZcFEw6j2Qw40fDGZW4QrbisBjoRbeXidLw")

    static let mlDSA65SignIn = SignIn(
        algorithm: -49,
        responseJSON:
            "{\"id\":\"S903soghFo9Bmu9i4Styf5hLEPFkxu_Ma8Nm65BiZdBt1pGqF4dB2cth6wknrCMk6A\",\"rawId\":\"S903soghFo9Bmu9i4St" +
            "yf5hLEPFkxu_Ma8Nm65BiZdBt1pGqF4dB2cth6wknrCMk6A\",\"response\":{\"authenticatorData\":\"dKbqkhPJnC90siSSsyDPQC" +
            "YqlMGpUKA5fyklC2CEHvAFAAAABQ\",\"clientDataJSON\":\"eyJ0eXBlIjoid2ViYXV0aG4uZ2V0IiwiY2hhbGxlbmdlIjoiMDRvRmpNVU" +
            "d6LUtCQ1ZYUWFFSnNMSGpuSzdwWmxPQUR4R0hld0Y1Skc3X1U0cDVmczBtYy11S3c3cmd1Zk16UGlLMERlYVV5OXR6djhrVkRMT1Rhd2ciLCJv" +
            "cmlnaW4iOiJodHRwczovL3dlYmF1dGhuLmlvIiwiY3Jvc3NPcmlnaW4iOmZhbHNlLCJvdGhlcl9rZXlzX2Nhbl9iZV9hZGRlZF9oZXJlIjoiZG" +
            "8gbm90IGNvbXBhcmUgY2xpZW50RGF0YUpTT04gYWdhaW5zdCBhIHRlbXBsYXRlLiBTZWUgaHR0cHM6Ly9nb28uZ2wveWFiUGV4In0\",\"sign" +
            "ature\":\"dHOT781bYCrWW4ZOQmVjfVVlv5Xh-KN56EAIjE5sWU7pyXfhmz3mrMXf0CwqXVb_bifjCdqW8luipsAw00gcNBZNojEILkTiCAyg" +
            "rj5iwYt42_7n_8KZ6t96vFTsOSkqHStzgbXR-seyb-MqRp1y6rjZN0OLsnruUGv5D_xf5IdXecN_O6BRBP1J1zmBsLvwDPyAU_EZ1fSMMheERq" +
            "xE9_E07qe9HP4vSUWt8pyt0mPRZlxtePZUrL76JVwTp0w-9u9vRGGWDgfg1YFD4QF4r8ZuOj2r8Z-7Jzd8z_vBjRBcRt9j0TegG9YrlHJZqqh3" +
            "2loh1j0v-95Yvq0PG3IlCp3Nq-39dUZU0QugtComdeDvsGKgNBECh3vRO_G8y-oaaNLRzRquw1uBVCtX6atozdFXAiZRzB5vwjjbVocgCtxinN" +
            "3wX6GoiKRbPNzHSyn_s_orCcNAS41SoBAw-QFh4VR4-VJ_iYxnGxXquQ3khGhhCtcQm_FNmADTsPosuoThwP4yeHgqohgtP0Cn-a38AnpDKCKO" +
            "GE_YdnXMe3UA3MTzXKTDeBVpfscdecMf4m2Jdl7xn3mj1TdkaIXboVkVa6aqWwasDQmN11i0C8InlcculCrXptd5ZkiwQ58SfeZOBqA3_McEAf" +
            "kt45HfbdVHpXMC7VHM9T5pVBnf5xeF2rrraH1SlwtFUmpNMoNeHzMI29_G4cXTChLQzPm6mKe5Nlcfif3hQAzbf85y4wZKtgmhKlT_YZXBhoGA" +
            "-4ImW2_OfCxPn_VZOtDVnz-nr7Qpqy8GY_K-rQUrWuu9X6Bxkz9jwhoXpwEPC0YTZGWcxIiioxlO6iNGqcQAeGDJj-cgh3-2crtUUCvVrK05qJ" +
            "DHbBDRgj6zWWKrS1mFPY71kmAjakm8QRTHP89TkDBw1AGcsLSYPH973a5QQUVvjy2pKvnXL2FTHLtCoXWiBSqntDIZ8L0NCLxkNEO7HVnUMM3s" +
            "g44kdrftz2WDxCU3qZ5oEBrQ6VLKKvNsAOx3Cm07NPB6mKbAPuTg_VkU38AecRbHtcPAsFjPPXD4Yys7GUfMl6oD6V58G8WKbPG74PSkdtNmrJ" +
            "RceFc4-P594kFH3nwEKEuzlIjokXpEPtqUL9zKKAbRe_T8tMvXBHtaRoNTkNzqUPV5lblJ-o5gPvNq9vRgcIJlPCAaQFFyfo586Ee9_zYcAKSq" +
            "IyIRgT2JQhMXShknVJ_9BAx_Ho_E_HirRuo_1FacQOzW7pXxkrPXuP9aL9DXNCDv751E8lpA4wEKO9vW76kTVaIFH7V6AD8MKFKkX9Rzvqsz8r" +
            "lgF9LhdYUf1sD1pbbSlA0npsPkIdM9fvaJHTqKcqt2ZBMCFl5JV5ZayPDXeRJvIl7xASj1y_vUqMwxzob8N3mqticeLtk-AfW1TapU1GqUEJ_7" +
            "XWu14sKxDaVOg61kH0pUTXkQ-nkW-SbIHW8dD7kwWen4UNnelNR7grgrLiKN_hCmcjibrhCjQyCmsdvJpvqUl5dwunSF-DYNnOGrsHQA6h4Cll" +
            "w2Ttf_eH7Z2FRavFMR_3C2da-qjfx8tN5VMg7XY02MoyN_BbBjXx_QyGef8QnrQz-EfB05w9EZdwKcRSjAjdGdwms5m7BHEaavKsVXxdHIta1M" +
            "y54YKGfZa4B6Kx1XdwtUGoK6VZcjcS4mv2OxjfbdKuQaeUEEq1wdlb6_SE_TRWhbzj7LiJjn37OhIyZpFxJwA4UtUkKnayBn3iAZTaSc9LkBDg" +
            "uzx43A1kCzEU1x5cNmJ_q2Dg8k9aBYY_7rAMyhf4D7-iCcv7IHq-WvnMCUzBt9oZfnNf867KkAhjXSG7fXiChvkwmW7FR-_hQuC1IBSWzs4VnJ" +
            "MdlOBYnqE30H80QyFmkUkcvxtJlensw1ZjoTRKhc-22N3HGybRLZeGgmpQ_6qwCVu0HiJRcEl7JzMHqfZAJ93S-PH0mfC9BsjpS4lYpSmTjtjw" +
            "SZNweW57OcVVmy0bLlqtMFzT-xguv5ppLqWP26hV3hz478YsISj3puASohrwc9zGF90Kt3ND7vpt-B4Mb57ic4c9XX6FqzjQLLaP43HtHautrF" +
            "NAUuQhbTwg-zup4vp1jq4G0xy9-QKu9GaJtc5heDqSu6W4i5eGJl5YGpvYH6ZHYjZCdi3vnl6z3e10aSMlWznCdVtmNKk45oEbToXDnovEtjIH" +
            "FvUgMCN8vEOKEIUilX1wGAYfxQfFhKlPrwUfcJlmM4P2v51batbeLLrOOE5llBMZsoF6P8WgbJgtw9iB45ddLrFX24Yw7C7pbwJeMr-hVZxkbT" +
            "2CUJbpcPYx7URr0yxa1mqJJDHfx7lT979jZG3gFLUDA9towbiFX9ocWcjp4fwO5rMy1OEMPQo1n0k8eZpfXino1AjFH4RPVziExeBJhj4esKAH" +
            "fUOoI1mKhnJc4S_p_VTlR8VcECl-wzP-esBsGi_gYh74SeZlVaDxitEVE8kH_BHBAiivU6hP3OhV7ykxuwnS8G4RlO7d-9F3jDqFqzDME_RY3Y" +
            "Ik987UWlpOdWTgA8DXKcvbjZLbB4QJC_D-Pz4OW_xXFRqJYlCmPkGfpJw5n6Z0KVPi2Uy06yM567tOox3SAYWdww6vKK8Ntkto5mT0sMLmIPSz" +
            "65AKUP1I719D4ckY0fkAFJpFROJiDSbtexqRAOXwQFTu2IAuJ5PuUFecCletfveZh-rHMi49xEYcBltM55bZMtYXwUHtk_WM9rsG3Ob9q5veBT" +
            "PTMNrh63yeKHQmWM60bVJX6RdPoRlBEUb44_JWh_H3RiN0Jct3HsKilvrN_91NLEAmyK6LHt0M-x83lOizFhtFlVQj7yFKfQMDS-qgtGdE8Oit" +
            "Bc5Edvc5P0Ye2kDK74Die7Raudj38jv391rRzL8UOoRS_XvSgxaKhZrj6nfu0uhjPC1OneGnhLbOET4Pp_iRs1aKeNhj6Iu5j_Yp64iVUq267u" +
            "eZ8cya0dXyFqWeR2HnuCmgd7pLr8ZGh6xphG8Nm3O1Da-up-W5zrQehKw77No8MxM6rSSxwGBgbyVaZIXnAJOhRovIImVk5whtuFMDkD5rQgJK" +
            "YZH1-80YIHQh7XycA2gdXdaUHNZXIQ2aQf4DtddPVLfJaNJR_UO_ZROQChqG2k6IcelcySFvcOiddeIq1od6QNFZo2eMX6_J67K1H1uAmf_XVu" +
            "uuihuKtSUfmt56y-BY-PBnlD9dtRsl18TIVjvCVRZMlYCpYXO1SIbStJ9EaX2ZFAPIilXN9qg0i8ZVxhtjQtlWvgWywbRoYbGH_hYPfHuDTjih" +
            "NBLXWsUa5AoXaPk0RnbHSf0-7oFEuHwbWPVtmqS4gZtxS3g163-0pi4FtAUq80lOMGY8FNGtH_4AY9ttZFEhgBeBdytil2GhpQJyyx0Vk4NrPJ" +
            "2863E7egDzz68qsnxooRXOjiLNxdR5mgGn_JYEt_IkkFpf0eQhrdilM6zq54-bQUiOW78wOkjbn24z1E9l7xpsRH15NtO007sfY5IveC9kFeGN" +
            "BBhaoUCHFSrcu-jFzXjhOh63D_dEMiSZbWwpatiDZTMj1R3QZFtHMbgpPF-gn6wkHl3l0luFzBlKj5XQSQxJnM2JwKH6q4Pq8gq7xGeSL42sbO" +
            "Uahmgr6_Gg-8M4yXx9TeNTjpSI9aRS-PDwV_QpPJMRZEv1BqwsvqcwLAlHEhWaCYhqeMCHjqq5Hnbdw_pDc-cXOa6YrVKqIsj0jnM7OxK8ZHcL" +
            "IZ7rdulp1sxtcan9T34tSO75K1mjGG0lVttwYPHG9ca8YBOF1aMHpR9tT-h4GsExmu7wkcZb68G8Of5Z9m39COU9O1SnkkQzGRPe9lRwkrbcZP" +
            "z2kGSkmHYMp8OJjcidTf52zub6SVRmE6viXOayAnHndiirNRS1pjHi9NQWoCeZRBx_OAfhgr5_M0R88b18o79o36rX3IP6qMLOWWDwTNKU4uPv" +
            "sts-jT9xSFohBpZiNvlPOdLVD9piBoJuBuwdOM61JttjdoEXlVnqI5M5uHZakhvWWWVApwrQu_gxZhL0insPOpud5gTar9F2G1tjSYoe8Hgpra" +
            "Fppa-TpjlVdCJZga7H7nnLM88m-YDBm90FWvh-PgyXRtKqhQBSB2k92PC-d3PBUuNYydQ_AAF7a5NQFbCkDaC2rL8TzrHhop0kqWElXd60f8M1" +
            "7Qat3GddvWTMGzCtskeAUB6XYG7BJxoF_UjbArkaw0s-jltA2PcS7Kg0wVYpXlox8BbgA2qW7myBzj9rysoa5kCqPEKXc7ua08xWXoXEFhz5UW" +
            "5baRwCwedL2klWUyUiRW9HJyz_OmVT171GYqbhxQwOVDKXFmT4dfl6f4TmB4x9UKM3yjp83bLlOSwO0netbf4enrCRwfKHwAAAAAAAAAAAAAAA" +
            "AAAAAAAAAAAAAABAkQFRwh\",\"userHandle\":\"d2ViYXV0aG5pby1tbC1kc2EtNjU\"},\"type\":\"public-key\",\"clientExten" +
            "sionResults\":{}}",
        challenge: "04oFjMUGz-KBCVXQaEJsLHjnK7pZlOADxGHewF5JG7_U4p5fs0mc-uKw7rgufMzPiK0DeaUy9tzv8kVDLOTawg",
        publicKey:
            "owEHAzgwIFkHoNsFUCfZJHghYZMYm8P_ANG6RtvE1VKrK5_ER7yE512V3UmGjIlYVOSIMebtBorke1TBvjuBi8PBKAQs4w16SJ7ijjT8r9ClCt" +
            "_aHcFDTjz49s3jLIwqL08wPD1qJy6vrdkTES-mrU6rJG16RAhInZh4ie98DGZhBBaOUBIrnIy9QvceP9Qi8-4GBLcBiS-cL_da94kK6XZJXJLy" +
            "1Qm-LfDPdsoph0YHGSfueYBJy41Tpu6oU4QStJ90r_E86dxQj_nd0uDPuwbje_lIrF0sbedrkNXVOwh00m-PK05fmwb-wpUUGsRq2o7gvm3oCM" +
            "Sxm-1dwYHKdBWjf8y_E34kiQ_ZeZTsA1yXSKci7kCEGGXqLDIE0chka6hY6xZZlEA89Cbqv_HPAN29t0_70144qDuXb4nLfQ7XY-uoS5OBP_W0" +
            "rkc3lc3r0spe0c9ZO8lHEGFbX8PyP98gkM2z61kDstai23k6OjLTKMvuulKNYbTxCLTj37BpiNxnqqq5bs0dkG9eO5yHpqBwH4sm4qUXRsG-ZS" +
            "9_TvfiEtKahjU5uAhZWOYs71CcCIfSKSD_swPg-7VKUwzSpYq2BwlExdBpDHL-ghogYAOgf5FNs9fUNHLRmFpOUDnmUAeX7iNrtA7Tu3BygNv8" +
            "JWUCTuWllzT2GQpD70xJMAjKxMkvXrqqCfJrFTQt0FscjqjZqcP8xyiaCo0nPILaGChuakL0XBgh-Fi5YkulKsaDd5orLnka4063lpn0jdxvy1" +
            "yk0p4tfFRmEBnankCmk44ZvbKJQRMsDcydqgjK0vpQxVWbf1r-73GHNvliWw1ajYmqUe2uwDGdLBBCUbDeqcmrRJYnX6g8W-vlh3VLWGBlHodt" +
            "GWUEkJxY7RmArf2UeEBDGWj3QoGJTfQYUzXg91Y2fSmgi2b3ZPzUg8h92JKMCpbvJr6PLANCFGf3RviLYnNuU0Zn8czC80tsUtxkkzLN0iFkRv" +
            "T_WPha6lbuwIlMKNXkXRbkph79wSBasp81aqzgPd4Yq9LDrZIrNI6q7ZbYGoF03C0Digqdj_f6aUxxIteIuCWm-z_xHY9Czo4VHo0V8YnTFyZj" +
            "3HDX1S8NZ_odvP_GZcmvgLmUhsWRmMxs2WEJFDrcgFR-tK9KLYf29gGI0lPsSJtnho_GLUKX5-tdojlBVEcVO6rPieS8-bCu8B4BeyduYAnDgH" +
            "dxBAUBfm2um7ZIDTl_n6g-bZb-TxMvsGbIO3NK99QylHqSRFK68PX-yvDZjsZlblKZSe8WsSG_RVNrWGYiKjVpsqZy61eXoSE5ySCOQvAdlpTE" +
            "db7F5C1_USkpdyuyR5BGXtFizf2V60wDPbjOrr3Yz1CuUB_DRDvbvc4GKIAzCZDR6MC3oIJjQ2Z81pzv8ZrXq5LhhSdda2TTBtckM-BRyLJHh7" +
            "ZkHY03DFLqfGSn-KUzGlk2fUWFdJ4zlT4AquxJTKJYBQlWt6tOgGV8MB5j5DUuwgbw9a7dx_jRW8AZps4O96y85c-rQS7e9g5noatqxq1vZp6X" +
            "-vTTMZXF-nx1sgSHEgoN5bm30fsrMP0MvaahDZaEIV3o8kj7o-uRM8VGyXVHm3qhtQdYIwzrjWBCA96t7x75zgmgxIWJbzIgfay3WHeguFIwW8" +
            "44OaO_zq3C43tDCXU0ahWiTjEPeYqAVDGlifqOPEFpiO5t9lvwjU5upQybkhnwLzFvaUVCgzGu_2bm7geO5NphNee8lz7Rbi4r8VBCzDYBLcje" +
            "qMiUCduCQH8y3mo3Z3F4V0qqAUHM6w_hMr8V9K_mGNeSYDEv52bBHxfywJkcqSTq3TVkPXicWfb1VHJroZ47LdAQ-jlGJaTnJEfHeY5VHHjy9g" +
            "Q6_px7iZ9JggN0SIJDbSdHXHxkdFbSgMnEHo8N3YFoB-oEO5AKX1CJ3kELg8gO-nybVMC4ktDqk5dAAglVcp5GQC8gY_EP92LAXt4MFHRkM9g4" +
            "zgZHVlqKLqbPPYngB9nOAM-8rZGo3Nez0zB7m5EFDkxV8PoD0k2omrJEqWrSDd9swG6kFiH4-5MV-8csaka-PO0kwS-KZmbh7R-OhJlmKujJw6" +
            "nxYDfUaPeXQs6QsFqU83BZxl5gZGr8LPmqP83i1tEk1RQd_pwFa-ks7GmMvWQuyK2PnaW9cXfH-0-Z-jetukzac8KqTOkdedYmeTPW9oHlGmPv" +
            "AEBvoGNQeUzw5Q_uwBv60LdbEpy61iiTQNEy7eKDxylHJld41P9vTTh1om6TEWGmHJ1BQ5YLoZ1E_X4dnMZGZUtcK4Ym_81jHMdRw4NkdQhPtP" +
            "Fe5kfPYMdIn_QeAIVIS_KPyo07t_9BhrDfRBirl_BfAGpEdVuwZQYO-x-jZ-0WGXptAp1TpmAVjD2Y-Gwx4xRL-Y-M7NTaTAeZpEB6_UdQU8UU" +
            "L_DfQLxlF6dE4Px_0xmPAXBNtZJIWcdOIOIpnjP2vvT39x4SgoS1Ij7udQZUoidhA6M6_bwOT3uimKVm31vLH-tN_N3eMgQj8Db2Wj6htO0Ysk" +
            "58ueKGN17UruWYPnktWiR-M3hZs5mJKlxHeVwTEcZgkIqYM14Hg0IB8M41ICy1vhrEzO9aQ1Cwn36srly2-h_c",
        storedSignCount: 4)

    static let mlDSA87Registration = Registration(
        algorithm: -50,
        responseJSON:
            "{\"id\":\"OsaaaMgQ7ihU9iAzryPBOLK3PYsghC98pX4ZaDzXzY1NsiXgH-afxzClNy3oRPK1YA\",\"rawId\":\"OsaaaMgQ7ihU9iAzryP" +
            "BOLK3PYsghC98pX4ZaDzXzY1NsiXgH-afxzClNy3oRPK1YA\",\"response\":{\"attestationObject\":\"o2NmbXRkbm9uZWdhdHRTdG" +
            "10oGhhdXRoRGF0YVkKoHSm6pITyZwvdLIkkrMgz0AmKpTBqVCgOX8pJQtghB7wxQAAAAEAAAAAAAAAAAAAAAAAAAAAADE6xppoyBDuKFT2IDOv" +
            "I8E4src9iyCEL3ylfhloPNfNjU2yJeAf5p_HMKU3LehE8rVgowEHAzgxIFkKIPB266vR3jhFEvswhiiULf6og2993LKO8euC16EFiq3z9bud2j" +
            "KbB6Zw5xm7vOQUIZyCsN18qxjPRoI142swvpDA4rApAGZb028Qgyrz4eQTfueiBsy-GRJ5IN2rsVlFcz3enbYWgh_UWQDSMA9wNfTPJZPz6T-z" +
            "8KTz60szO8Mn4UG1kLQ5YSV47b6LqJVnrsWzTFe0nylAkpHMtBHS3UNjhoEYNc6HyL9ehBoLGs3Z0IPusTYdcZ8LA4icQsoX3X8XEORW4MV5x1" +
            "l9qwC_6-iZ4rAsbSUsUMDyB_h-FKn7TP9X8x_IA6fCDuUIL2vMWwVj-yNtVbw_NqJkm5OePjPQzh04F6wxLd4y0qeLZA7ycjADjACLKa_IJVFM" +
            "gxx_7nJ2pbHKOYfqJzAnCg9nqMUVeonWBunJatFABgwKR4-cNzV6pcn1bL4haHbHdblbZ7f0nv7-DPz75BaZhDaurOBLBHGDh5bC856v0EkPOf" +
            "RO81pKBa-EyT3OkZ7qejOMeEZpbvhCvECisLwbKo8lcAR0gaqHLNGEXcqNUFXVbLzdfcrDd_FMD-kBByAlGdMswYANrFpLVpmkJEGQ_Eqow99Z" +
            "cyBvdwxtxCQT3X4i3rFRhB8FGP9JAkODC67U-EWIMyWF2VIseVZkxMngwsZAm327jFIoOfupWeUGjpGORhOvI6OPA2VzR6wrFjkfsM_6bt8VMH" +
            "Ipo5lUtGMKND5K2M3fRCFvQqPWW7MOQ83b-6qfa-GcGKzVfojGd6uwVJjgDDJldMMve8OCTktiwIJ4h-n5ObGRvlJQ7etgycCwXINUkb1KFZov" +
            "gUQnujhjK4f0M0Ib76scKCmYX_UtexSCf09jkwQRgtBh3BnzJrgILfErMmfK2Z1z5wWUV4MX2oXcNkWyGGH1kCLnzXu1qveFsry7Hf27DyceNI" +
            "AzuqkrtcsJgw7ePhXHz0AgdYo8qyQmXSPfhAEWiwtCZ5MbUKmxn-8pGiRKqUtbzpYTNwTpj2PdpzK1zvAAHubIxi5XXi_JEJL8h2HOmkRJLLo2" +
            "6GDfNV0n0SRGhujW65LNdAU7ggrgzEcdbkRPNX0vsyax0ZBr9HXs-GnlR_4ySugcgGVIdj5xv7xsvDnfy-bVPMLgOP1nCLvZROJwMAA3XOAD9S" +
            "KjsQMLKQjsiZHIelWzOxHrr360wowj3jclxQUD9XgDtNfff6MjiS3rsBO05ECyF3bMcsjsRak7GStJ2MFBAbdESryKek1z-2g4ahqUuO0LGeX7" +
            "Klzi110XpqN9VYrrvUNP6seqm_V48PinvDDPsfsHqC2ZFPRtWv3rcZt6RbA9KLsqXqWphMqr3MZm8k69E2ZiWn-wFHXMBWTKzrRxtiBOHk4mcy" +
            "gTOIn2AsjVMO8GCglyJlUluN0eQWiapr48lnE3EetPNGxq86wn28wPQhC56jcLkNHq-RDEjycvFzUzgoa4i1mJCW038vHGPH8-CLYGggPeSOnL" +
            "-zZMRtw-jDaMR5HHc95FlsTLlMVbpnb-eCGT2-khduVx4HdpdoTJHfT4PNQTTVnVY6N5vUP9x5jXq6p7Zwvl_VpWR9jxZZcO1KIoi5ozIgE5Xq" +
            "NF-NKumoouAfpZWxauhdkBgUL86WnH3zQah8hHY1d7QeZGcfo4fx8S0NiTsVa9wIat3BBlck3HmwbduMP7Web7Rhf_Pj3lfhVrZ0p5nKFizbac" +
            "QcK4mVwCM8MPaFEN6xAIwqLzFYWIwc_sUKxRq2WLg3RvIbBl0-TesJfzSPWMJGcq4iropcn-JW8XFQVJyf4KBFuwImpXq1wrOalOjIgAk5nGiY" +
            "xLxK3feeOoG22uBNkfg_qJfqzGX_o3BMaXZyvydAQCY36z2SbFEme3LxsdC-vYUi6iVuxVdpL2gXm3OtNiI4iGvBNoJvGzHZwSh0-GpZbqdN_w" +
            "ZMFimvz8R75O2PPXSkmyLyDmNxDaSGsnZeQ4BCyD63YLnhFlWzG7VBIdAr570KEz9dhU6ozJ6iP_mtETAImGWB733xuIeZ2D3Aj-Q9l2s2xfPK" +
            "qPXkvOe2OjC288A86T5l5_9mANfFgfLCjdsMwSQau_EOkrvmPkaHacBoWPfPMWwyBJSnF6jNPHoaRBtFba6Ld-f4ThJyaza52JLza1xIviFn37" +
            "XzFCvLRXrpI6wghURUP2vk-dMs1l8hQRH3RIvcBIqctikAL3NuY8otXhQUw-1QjkIv2llYeXARAhE-2bIvATrf7FrVN4hJBbU3uesAyYvpG9NN" +
            "8XGztoptOotFP_pYH67yUaiYJXmnPTzWEzk0F5kUhZTvy7ZlwKMv2EINrXDc0q1Dx0MJnJSe02PQr2C0RzR0zkTi00-y104KimThbs7QLRgnke" +
            "7BlaJtgJH7T-KETvLqs6Ogpptzntt6whM8lesXUvQr5jm3l0WLCSo1W8-q-Vxfo8v6cbkHxsP_xoM43uOsklCuypxyVfnBRVGsgL9W5_7TaZTW" +
            "Mdfoak9fwMjd8j1lu6oXmOiu96TQ8vpETLuN4A1AOnFS1grl1dBZ-kUoKV_vu4ZFDkacK20S8Q5X-WcM5zKmpVUWL3oyWg3VNxSDu_16LLPQ7p" +
            "YfgS9dNftCHnOjYUgY2Co_xD0ejB83G-a3aC-OSBwo7NtOHTfh6gysbSzBwsJ0Tw9GyCRRLqpu4YsWGkJXiblfGI-2zH8aGm0GZLz84p8FqRCi" +
            "pTbMt8yjFjKDoCp3iBpUTfMs3uON28otSpkgF5XPIwihK7O0Fu8tw-DMLXbbxMDxyAhto3xGb7Q1KT_-hc4SrghI4dy_Evm095K6Fr3sHsQ_oV" +
            "ck2xd71r4e_uPCXFpiHbvImwtuE94XyGgy9y1l2TvRa6P1ZpKh-ccxv_v1TZdf3gIn04M7kio46WfIiURcS6aoVfCef1pUpGRcVgxnwWrJw_8t" +
            "u7MZUukXmM3SA7dezKIe446WE6BiXay7TNBu9yThxldO7ooK6udljaap3pEyejRWNJ83zSVv5OwjlvDtC4joCHJ6BejJh60OM0KeiMniTJftrV" +
            "4F3ZRMgn7MdbJtUYOY4SoodNAfPEBr5n_6n7ZCT4uBAsLtyYwHmzjIR1qZxOVfH98C2xOrp6ZWFMiAlrJkPDoiD8sMMB6oWA2aT_vPcixKBQqN" +
            "qrkeKScusIiThNCTrlK5AkDe_AqUEW1qu8E6Qbb-7YLCrhqIbMmg5eGKXZ7c9j94jd-rShqUz2seWaLAXkKi-VMsUdTnlgvQ-A_6IRd8wM30Bp" +
            "VQeDuS-AE3cfnw8poVsuaPsMU5me9Ro1um1GUEU8mLzSw6ZMgHlbFapubropKvU-2-s0nozxQzs7bh4NkPF5gZ1zuf7xNXcPV3uodzJnmtBNn7" +
            "lcfJK69serkxLEKOa7IiS2osGQlxDh9mwwMip7fuVPhN9ZWadhWnrFlWfdKzv082WxErNeM_SslKaeg8UJPzRYllQ1szvS3pYyt8u3JSX2z6Fr" +
            "Y3JlZFByb3RlY3QC\",\"clientDataJSON\":\"eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIiwiY2hhbGxlbmdlIjoiSnNHc0J0SE1ZWEFSVU" +
            "lvUjFySHZhbTYzWERkUkR6YUxLYm5kcnNjcGdVMHFLRnBKQTB4ZXV2X191ZmtfNW1naklhYkVabmVPOVYzMllXeU1zaFdtRUEiLCJvcmlnaW4i" +
            "OiJodHRwczovL3dlYmF1dGhuLmlvIiwiY3Jvc3NPcmlnaW4iOmZhbHNlLCJvdGhlcl9rZXlzX2Nhbl9iZV9hZGRlZF9oZXJlIjoiZG8gbm90IG" +
            "NvbXBhcmUgY2xpZW50RGF0YUpTT04gYWdhaW5zdCBhIHRlbXBsYXRlLiBTZWUgaHR0cHM6Ly9nb28uZ2wveWFiUGV4In0\"},\"type\":\"pu" +
            "blic-key\",\"clientExtensionResults\":{}}",
        challenge: "JsGsBtHMYXARUIoR1rHvam63XDdRDzaLKbndrscpgU0qKFpJA0xeuv__ufk_5mgjIabEZneO9V32YWyMshWmEA")

    static let mlDSA87SignIn = SignIn(
        algorithm: -50,
        responseJSON:
            "{\"id\":\"OsaaaMgQ7ihU9iAzryPBOLK3PYsghC98pX4ZaDzXzY1NsiXgH-afxzClNy3oRPK1YA\",\"rawId\":\"OsaaaMgQ7ihU9iAzryP" +
            "BOLK3PYsghC98pX4ZaDzXzY1NsiXgH-afxzClNy3oRPK1YA\",\"response\":{\"authenticatorData\":\"dKbqkhPJnC90siSSsyDPQC" +
            "YqlMGpUKA5fyklC2CEHvAFAAAABA\",\"clientDataJSON\":\"eyJ0eXBlIjoid2ViYXV0aG4uZ2V0IiwiY2hhbGxlbmdlIjoibkFCTmgtU3" +
            "NkbG9tSUd1VXNSdldGYTVkQkdlU2dmSU5jcF9NY0dTMXlJV0lZZjRVdFY1bERMNnlFU3g5alo1bFlranJvMFlTMkRkeHpGOVg3a0l5UVEiLCJv" +
            "cmlnaW4iOiJodHRwczovL3dlYmF1dGhuLmlvIiwiY3Jvc3NPcmlnaW4iOmZhbHNlfQ\",\"signature\":\"-L6L4y8yFTMmIZjkAHjaOizc_" +
            "6PF_paQqEaAbDBd4K7FrGt-e8bILnpFNDdiH48vyp4elFGHuK0hi4Cai0cQGwqiATL67CUgJ6a3hnFAdYkh7FZd8CcoRFqw-SeRxBNc8-KR7AL" +
            "iZ3EUUrAHQJNNhUVJE-R-fafV9RRkBva31fDwHqksSuz5n0nOZvq9CqK9e78MflFMfhoKWNNNfCwjNOZdx-7m8RdDKx8X-B9RxEVBXeyOyDL8c" +
            "Am67wGD-jYSzYppGCZV_qEiK350hWy00RgHcLU62_EdV7eMobWni9oAnZxLJw3mk2_hJketAL66PnBn5qtTS_hMyCPvcEf7WzRcdzE82LaMcaS" +
            "fb14AW2l0qeSJBO4Q_MFe2zvq1GAw-q9HYA6oxZZagKQhqNp9cTqPEu3ivsOJB2jS5xLJhWs0ZGC6qh6WPWIYtOudBOwuFSJj5g18wRDXtHbrb" +
            "4yidLlHD4DTPWSZx1TYFcWrwDXV9Ry2aaxTDCAHskXndCTFf0693vx2YA2flHSeGYgUhOsd6DmnGgq8a0c5Vv8zET_fIknh7QhLpj3xzo4r2s_" +
            "P8j4dcNWrw20lGSVZGm6Erq9OiqTdit736jkvlcgCV3I7Buye51nIX-VqdAroEEds_-5TAev8nByqjSMM_WHygIyNnUJvPuzWkLSzDVl0hJiKs" +
            "9m0pHyi4pfPA8RTiPZ7Ik0fPOG_KpvEytscHQkQvKxE5OMalknk1nrQPRmqQBC_RAYi-94zbYFcDO8-7Ny9NjmfO7gdz3lwj1BepKIhG1ggQMx" +
            "QUNkM5zYNnhYlKQ_mNBsmORCvmxLg5EbqsqtNxORSYEG234N8wUFN2j7syzf8FyUbOdtLZNbTy_42Q0zs_Sww8YD7oNBuxWuCZ-UPIglh1aNhs" +
            "LKjHoXLB3P_78R1zC1L-EFNAIBGkQL6mTZLHPu4iGH63D6N6xSIbfpw-XProqnQiWS4ejkUjf-zHZU1CmvkVqhFwa-TVCl48CPotPKwes146-4" +
            "avolsoKtMrEhWXDLD11_e9xk94hb9w_fd8Arui8VCekXysn-_Qh5dYhbtGhoDHKzUyBsxYVojLaF2E74_2efAKOsCKnir0DFQWcQ0L8xClmv4C" +
            "-bQ3HnAZK88sVyl6zDap2oEBXZHcRWOrb_xPGt6GgxEdUPFsWvoL_jlGNbjnpJyNHpVs1COoghB7SembOMF0tsGE2Kl7tG09Gd9q3aDOu3ox7w" +
            "mYeBDDI0a8nvWrpMVp0olj5DU3A_x5fCQ0fdTpXI1aulVltJhgtwztsTmlAa3zMBINC2QeCEMu_t9Zjj5tNKXDQJ3mH0mD3E65DDQD8JeiJUFK" +
            "_pdNIYAqq6xbmaW-SapDa_hF5rFMUXCc9hpxd1XijP64nsM3nvhkvUIjF1H_xxjxhFiAykYLy1SZLhpyKwr7r1faGIIG3eSIY3dlkXO6PdcQbT" +
            "F4guw6jlILsHW1AsS3ocGrBPnHgLgjUmd9dEg7y27H5fSl0WQr6UqaH07gPvZ8Ah8GyrKUHfXan1vjkeLm6uaWv-x_klElMeFrO6DQPOC2JPpC" +
            "lslAoAxhBOpkr-si1sjrPTyew8U5dgyGEu9_kGxFK-o69OyR5H6-7iCoAXtPWQcBzzc3jhuUcvnGacqTMhJlR034FLKKPTZAG6rZ5oVsfhoz-2" +
            "TJCc86TnX9gmiSONJX-PVgGZBOPvIsOBWsFuzq03yM5mACN_PLX2VnR58LjxQwfhus-GNIZt70_oHZn5BLLVfCvzhGSvpLj9OKF4B9BVNGg2mu" +
            "4ChjnBXcgWf81PtDyT-jCls1gFN3VPq8QQKHn0xv_l0hBy_e7kugK26D50fA6JhtpDU05Hk_KS8Gu8dFZmsdKHjJEuByd6XezRxBYU4HZ33YnI" +
            "tElcmteN49e0lKBGX-RUdNXDd7A1Wi5UeP8yCXwMFYVZrDwhrEONBFOO97Jzn1KV6jGu_NE2e4rpMxnns0hHaWtMIdMI4Ao8-25g4nrhjZ2IsZ" +
            "uWyDhS57wlGO72C2DuncEsoW0Rl2EZEnslC7kqZcnpxV-winfBV0K-TVlOYaO7_ytgihDmfUv1j_PxUbV3IZBhxN5rU8il_MLJ5Geb5qt3i2oA" +
            "LZnGE_n4GmT0FdLMVXp6WrmaTIIK3TeSi0iju12eqGjPFPDRVdGh4gpw59awWREBd80Cx-ckfSmKx1nKcQ01pEl33VWMLRtlTgFjN6l1w3RBpX" +
            "C21RWs7GbD8s3_M-4a3Dm18jBTFr4tOWWJKDlyVogNfw7WKJQGQ2k6m2Xj7OzXL6hEgT1KvVZgvTZrTNBkcQk2aYi-At0qBiX5gchZRsukvlCd" +
            "EchDtkkRwuK4bvQ2PuVm26ycCWQIDNe27PjmjJuDZKgRblOvfWE_h4K1WQEzceg_wISF4xgNluKI9ByDdpecJHsccBDRfEP2CRu_FzHcMcl4bR" +
            "rP3Jj23dKZej-k9j1MFrIJSW1lmDm4O_1aaYi25zhTYcJy11MvDGUwpymReCANK30HRsEp7VaCips6sbjJFIYV4UYAROEDreCHjOiHeeuMHtQD" +
            "7jx3HDjSedxzcQtU123kOck7ptzzEnqqAPQ59C9nsPAq6oD9NPEqGA_fjjulpaXWt-fG3s3O-ltOXVJN6Feqp9LecbiYGQ3RBPQhHoRGYR_Kio" +
            "9hIibuiTgwFTJGgFgNc-znvgAztDXFyuWbtDxnwLBhunpCHa2zNfZWcCVruypSL_GjTIsd2MJCmvJI5GFynIVRUfXjQuY-WKGAsXM9Cxr7IW9H" +
            "1nVPegHqHSZN_-fcOUEGlOPCklJWZd4F2McDCXdVCmTos-OT01yiDEW6ppXMIT7TgJbXTMpFld3lDqpqDTxfhXIm3EFwc5lJqQ_x23yCQV8dth" +
            "1rf1bpkiIjRSEl_p3g8vi7JHV8Ylda4XHgWJqxQJZeqHJP_f9MfzxOgC4H7IPhqt3LIT9HQMfNvsObOM1HIFd_mjOVfDF7byH7LppwYAQkGOkS" +
            "vIOzggIZk-l4rXBSzx7YhPkKuc1GeGd5kzk3vZZ3PWvWUoquc9BuF8aJOtzltK74dMHAn7xyKIE-Nc2HGoA_n1ZI9SbM3HFl0ZP8SsOEbAu38w" +
            "gyojcx52l7JZo25if-xnf1TKixzCR1Z1It_ovUgObfOuuC2vjAxCL7Ehxm4c3D9r30Q3BpqzzGppOcs2i7X0kznMKjnPFiAPJa4tyfCZNh2gvt" +
            "OVUG707roZtN9RwGhzX12PwmhstsA_hoD4wkOfOfOD6cBIR9k493hxIFzb3aAO6ir91t2yk6TpoEmbZixJjj_KwdP1cnh9UVKrOIvpcjhawyCf" +
            "qsQndWMqvAnaK_vHPSkjYh5FMzRiIpJQM8PTJ2yZbL-d4Mhl26IaXVtYK_NxrztGwey4BnN73qqMXXhmyvOweY4vzrW3eJPaifaZgfNZ7FNnOr" +
            "aEMbwf7jYq6ahJodQTA9JeLEEQL8G6XFhBUE48JkrL72woqfeXfh0iKlDUcV3YcjBP10MptDFCgXQmLivtDNPX0AtDQS0JXGb3yj92OGnzITp8" +
            "LQlbyb8jwp4qF87ztF1u4GijPocJx41bAXWVC6Oupox0NbXgDy0wmS2GGwXLwRjvE9GGGJhNEk4JQRFnJf8ARGq_OMq3_CtbzBxaU1If82rtfd" +
            "WcL7QT2zb127V4Yn7SawBRDknhwLWbC-HCJS2gAvdprToFRbs3UD5YR34fwFdJT96A5pZ_TMAXMIJVGS5rnS8LY2aFifY1-_U9J2LV8Dk86N1z" +
            "gKWW-P9v2qmL2kC36_H4iLR4XAdjEulUXpy0MDxBupnh_-TAge0i-_DuLSny44KQ0xCNpRxsJI2dHwoW38VzM0vSbqzEWPqs9SqHDY-vQyUIl4" +
            "zN8WNTcF-9fNkdqVY6pjvvPS6v9gIoGxun42lPa8xtakuPgr3MeTKDQ8VBAV8b-M6OdDq2esG_gnCgYX2SdqCei4aGLBkcMQqAr0K2M3VqN1UV" +
            "X7WVchG0Ohtu44UIR1RJZergCG11A5LyJQ-sAkG27xB_KeI71HIuS3wet3kxldn1W1j1rNtchlyTdYfy_Z2AXwervsfetWZ4hJtrSFvPn2v5lC" +
            "-mH2IjZUN1MaHrrhzRsM-T_PtEk3Xal8nuQ65XMBPwd2H0fmwaWPuBoFe_dSBsWpbb0OkChy_IrHyTHusG_CJP3ffRAEMNOKhlew_54VchYeEI" +
            "Pa10Vj2YUlqAit0-gapEavZ9bsqH051h3rnodjCsegRpoW9n-p8htvxAttoV7gkSYxaeSiMpe3w-kGnXDQYD3bnN4iDWZQU3df9Fg_8VABl1EB" +
            "FlglGSiuOIa9bHViux80S0oCviAFooEl5KkE9xZD2Q9h17V1fW8mW4cc5GWkvawm-PUjf9n_YSqalFRuE26V8TWw4ig-VbymRfcvD7PF1JDgui" +
            "rCn7abWdvxxNxdeKleoglM6chOLEgPC-M4fkGOWfqxdF1b16jH2xE06QLL7HIfSwttcH-GOEAyU7vFe8tyPG1hgXJFF_GQXwtKIgHK_oHL0n_o" +
            "Vte6VxdcgZFRIaWxgyO6Q5X5m4JNWx8qqSAtNGx95f64Kt47U9usgdK_j9r3QO3Ojb6ylGao6PxdLJ2mkkdL_0A5HEiKQuoo9MPXiqPti6MpgK" +
            "tY7EGlGYZahLmPK45pRourtxQOekXfSm5-dFRKbAqG0FVw1xOxmMRLPQS1a8DQAlurCNF3kHwCZSQwbo5o89SnCwXYgrPEMM4qAQ5-b1_NvxWU" +
            "yIeEW8rXobfD_cpq1wDMk_fJiL3crYEmsRw6Uge9LHAeNecNlPpcjuFUGXqHDJtDfVNoNSygiw1-5dCWnkelWXge1a5MroSxRxIo31p4ba6sL9" +
            "ZG04bkezX7l8o8Wp6VwS0ObUUBo1-MWwSzGXTn3wT7R9JKWQCzlHhfVl4GMmu3OTlNrhsQs8Nyugiu2jjAL6xPQPJYEliPGCATx61_dJkVGnZp" +
            "qokB7XKFB3UFV5FAHRzwzkSXDJIO2tTnS0tQIBxAGbMjtiCPw0D274H69IxrLXD-dvU9QVcflBzqg_pgJCZ6_ziv-6I_u2M1MV2KI3doKcnlHz" +
            "dXVCCc30pCjRiD1LxkpswDXJz5b0XsvDyJ8OfuozGudXIsSgD30xXWd7qUps3ZsaMBh6cu0S6P8C4n5hRAuF4roqdfO03ZOulEeJg6qofJvISt" +
            "leH1_heP4TQEZgCxZgdCHD__KKGDLE_UArbqM5cqv3CNTmVuXty9TRjMCmTiFIp8yT1qRBIpdOJlGD8EaOSGGncjCSbmT2AfLZphPBhC0E9zzp" +
            "wZq7BWQEIrCFhfhO9lkasKwtWqxAo3lEMiL69qG0kb5iXtE2SrFUx8bopcvrmZhTqoOtp-58U2CGrz-1gLsC81WEsQK3gz1BSS8YUGnBwYDq7d" +
            "8631yV2Uc3ma7eGyKgZouicdwRzDFJ4eVNxKUVntXdYBQduTh9i0gLQYiJHF9GSacLAHUp7RnwOOcgTegjvNjvBKdaVFdywfEJJSTs4a7FTq7g" +
            "BH96Gb0sguvP1GuSTytgXlH_NxofQE1I3diutUc92kC9cM9V1pIhCN-q5R17CpLHLDoFkYAWXSC8iTdhUEChKZ2LPbqmp36HXUaK9yFpVjThC3" +
            "AlrRzrhoNq7ufAVQ3oVO8tNw-InMXwGG0G650mvPLy8V2ZcLF0g7dpCjJTSBG2jMF7e6RwfLOjRtlAK8maBHYN6yJYea2dEalEnTC75opM0QX9" +
            "vSTiwD59wdDyT3KKf-chO4efd2H07ZyaSuwfecAYjzKHrm25Zl24Vq3f-so1XWRB2aunzAKCPcUPIpCsjJ7pA7SVMI3QNzrFM5oJZLB2WiEPiI" +
            "H90_MLtlzjr_cEodwZ2TLNz06z9JAw8XpzM-cD4D8RrDjySu75yV2B05wSinOWh6S8UbuDeV7C1s5xyYpWXV4AaU4Ak8M9PNacYqB5lIcEfyYc" +
            "KUoRUoWcHc9JfBCirhm4MgjazGQGoYid2xmWLfiJBjeUDGEB4Df_z7EEaYwiFqxUM7ZeViR4iZk5Ov0_1hVCuUDr_uPVxsbIj9gqLu82yBLVFV" +
            "Xdowocq-3CTM2OlZleoPYGi63Cg8WUXqw3fH0JjdfmczU8Qc2Rq20AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAIDxMcHygvNA\",\"userHandle" +
            "\":\"d2ViYXV0aG5pby1tbC1kc2EtODc\"},\"type\":\"public-key\",\"clientExtensionResults\":{}}",
        challenge: "nABNh-SsdlomIGuUsRvWFa5dBGeSgfINcp_McGS1yIWIYf4UtV5lDL6yESx9jZ5lYkjro0YS2DdxzF9X7kIyQQ",
        publicKey:
            "owEHAzgxIFkKIPB266vR3jhFEvswhiiULf6og2993LKO8euC16EFiq3z9bud2jKbB6Zw5xm7vOQUIZyCsN18qxjPRoI142swvpDA4rApAGZb02" +
            "8Qgyrz4eQTfueiBsy-GRJ5IN2rsVlFcz3enbYWgh_UWQDSMA9wNfTPJZPz6T-z8KTz60szO8Mn4UG1kLQ5YSV47b6LqJVnrsWzTFe0nylAkpHM" +
            "tBHS3UNjhoEYNc6HyL9ehBoLGs3Z0IPusTYdcZ8LA4icQsoX3X8XEORW4MV5x1l9qwC_6-iZ4rAsbSUsUMDyB_h-FKn7TP9X8x_IA6fCDuUIL2" +
            "vMWwVj-yNtVbw_NqJkm5OePjPQzh04F6wxLd4y0qeLZA7ycjADjACLKa_IJVFMgxx_7nJ2pbHKOYfqJzAnCg9nqMUVeonWBunJatFABgwKR4-c" +
            "NzV6pcn1bL4haHbHdblbZ7f0nv7-DPz75BaZhDaurOBLBHGDh5bC856v0EkPOfRO81pKBa-EyT3OkZ7qejOMeEZpbvhCvECisLwbKo8lcAR0ga" +
            "qHLNGEXcqNUFXVbLzdfcrDd_FMD-kBByAlGdMswYANrFpLVpmkJEGQ_Eqow99ZcyBvdwxtxCQT3X4i3rFRhB8FGP9JAkODC67U-EWIMyWF2VIs" +
            "eVZkxMngwsZAm327jFIoOfupWeUGjpGORhOvI6OPA2VzR6wrFjkfsM_6bt8VMHIpo5lUtGMKND5K2M3fRCFvQqPWW7MOQ83b-6qfa-GcGKzVfo" +
            "jGd6uwVJjgDDJldMMve8OCTktiwIJ4h-n5ObGRvlJQ7etgycCwXINUkb1KFZovgUQnujhjK4f0M0Ib76scKCmYX_UtexSCf09jkwQRgtBh3Bnz" +
            "JrgILfErMmfK2Z1z5wWUV4MX2oXcNkWyGGH1kCLnzXu1qveFsry7Hf27DyceNIAzuqkrtcsJgw7ePhXHz0AgdYo8qyQmXSPfhAEWiwtCZ5MbUK" +
            "mxn-8pGiRKqUtbzpYTNwTpj2PdpzK1zvAAHubIxi5XXi_JEJL8h2HOmkRJLLo26GDfNV0n0SRGhujW65LNdAU7ggrgzEcdbkRPNX0vsyax0ZBr" +
            "9HXs-GnlR_4ySugcgGVIdj5xv7xsvDnfy-bVPMLgOP1nCLvZROJwMAA3XOAD9SKjsQMLKQjsiZHIelWzOxHrr360wowj3jclxQUD9XgDtNfff6" +
            "MjiS3rsBO05ECyF3bMcsjsRak7GStJ2MFBAbdESryKek1z-2g4ahqUuO0LGeX7Klzi110XpqN9VYrrvUNP6seqm_V48PinvDDPsfsHqC2ZFPRt" +
            "Wv3rcZt6RbA9KLsqXqWphMqr3MZm8k69E2ZiWn-wFHXMBWTKzrRxtiBOHk4mcygTOIn2AsjVMO8GCglyJlUluN0eQWiapr48lnE3EetPNGxq86" +
            "wn28wPQhC56jcLkNHq-RDEjycvFzUzgoa4i1mJCW038vHGPH8-CLYGggPeSOnL-zZMRtw-jDaMR5HHc95FlsTLlMVbpnb-eCGT2-khduVx4Hdp" +
            "doTJHfT4PNQTTVnVY6N5vUP9x5jXq6p7Zwvl_VpWR9jxZZcO1KIoi5ozIgE5XqNF-NKumoouAfpZWxauhdkBgUL86WnH3zQah8hHY1d7QeZGcf" +
            "o4fx8S0NiTsVa9wIat3BBlck3HmwbduMP7Web7Rhf_Pj3lfhVrZ0p5nKFizbacQcK4mVwCM8MPaFEN6xAIwqLzFYWIwc_sUKxRq2WLg3RvIbBl" +
            "0-TesJfzSPWMJGcq4iropcn-JW8XFQVJyf4KBFuwImpXq1wrOalOjIgAk5nGiYxLxK3feeOoG22uBNkfg_qJfqzGX_o3BMaXZyvydAQCY36z2S" +
            "bFEme3LxsdC-vYUi6iVuxVdpL2gXm3OtNiI4iGvBNoJvGzHZwSh0-GpZbqdN_wZMFimvz8R75O2PPXSkmyLyDmNxDaSGsnZeQ4BCyD63YLnhFl" +
            "WzG7VBIdAr570KEz9dhU6ozJ6iP_mtETAImGWB733xuIeZ2D3Aj-Q9l2s2xfPKqPXkvOe2OjC288A86T5l5_9mANfFgfLCjdsMwSQau_EOkrvm" +
            "PkaHacBoWPfPMWwyBJSnF6jNPHoaRBtFba6Ld-f4ThJyaza52JLza1xIviFn37XzFCvLRXrpI6wghURUP2vk-dMs1l8hQRH3RIvcBIqctikAL3" +
            "NuY8otXhQUw-1QjkIv2llYeXARAhE-2bIvATrf7FrVN4hJBbU3uesAyYvpG9NN8XGztoptOotFP_pYH67yUaiYJXmnPTzWEzk0F5kUhZTvy7Zl" +
            "wKMv2EINrXDc0q1Dx0MJnJSe02PQr2C0RzR0zkTi00-y104KimThbs7QLRgnke7BlaJtgJH7T-KETvLqs6Ogpptzntt6whM8lesXUvQr5jm3l0" +
            "WLCSo1W8-q-Vxfo8v6cbkHxsP_xoM43uOsklCuypxyVfnBRVGsgL9W5_7TaZTWMdfoak9fwMjd8j1lu6oXmOiu96TQ8vpETLuN4A1AOnFS1grl" +
            "1dBZ-kUoKV_vu4ZFDkacK20S8Q5X-WcM5zKmpVUWL3oyWg3VNxSDu_16LLPQ7pYfgS9dNftCHnOjYUgY2Co_xD0ejB83G-a3aC-OSBwo7NtOHT" +
            "fh6gysbSzBwsJ0Tw9GyCRRLqpu4YsWGkJXiblfGI-2zH8aGm0GZLz84p8FqRCipTbMt8yjFjKDoCp3iBpUTfMs3uON28otSpkgF5XPIwihK7O0" +
            "Fu8tw-DMLXbbxMDxyAhto3xGb7Q1KT_-hc4SrghI4dy_Evm095K6Fr3sHsQ_oVck2xd71r4e_uPCXFpiHbvImwtuE94XyGgy9y1l2TvRa6P1Zp" +
            "Kh-ccxv_v1TZdf3gIn04M7kio46WfIiURcS6aoVfCef1pUpGRcVgxnwWrJw_8tu7MZUukXmM3SA7dezKIe446WE6BiXay7TNBu9yThxldO7ooK" +
            "6udljaap3pEyejRWNJ83zSVv5OwjlvDtC4joCHJ6BejJh60OM0KeiMniTJftrV4F3ZRMgn7MdbJtUYOY4SoodNAfPEBr5n_6n7ZCT4uBAsLtyY" +
            "wHmzjIR1qZxOVfH98C2xOrp6ZWFMiAlrJkPDoiD8sMMB6oWA2aT_vPcixKBQqNqrkeKScusIiThNCTrlK5AkDe_AqUEW1qu8E6Qbb-7YLCrhqI" +
            "bMmg5eGKXZ7c9j94jd-rShqUz2seWaLAXkKi-VMsUdTnlgvQ-A_6IRd8wM30BpVQeDuS-AE3cfnw8poVsuaPsMU5me9Ro1um1GUEU8mLzSw6ZM" +
            "gHlbFapubropKvU-2-s0nozxQzs7bh4NkPF5gZ1zuf7xNXcPV3uodzJnmtBNn7lcfJK69serkxLEKOa7IiS2osGQlxDh9mwwMip7fuVPhN9ZWa" +
            "dhWnrFlWfdKzv082WxErNeM_SslKaeg8UJPzRYllQ1szvS3pYyt8u3JSX2zw",
        storedSignCount: 3)

}
